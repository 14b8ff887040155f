import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customers } from '../src/db/schema/index.ts';
import { SANDBOX_PAYMENT_SECRET_KEY, SANDBOX_PAYMENT_WEBHOOK_SECRET } from '../src/config/index.ts';
import { bearer, createBooking, optionIds, submit } from './booking-fixtures.ts';
import { build } from './helper.ts';
import { browser, codeFromOutbox, exchangeCode, pkce, startSignIn, submitCode, submitEmail } from './identity-provider-flow.ts';
import { confirm, openPayment, SICILY } from './payment-fixtures.ts';
import { FUTURE_EXPIRY } from './payment-provider-fixtures.ts';

/**
 * What production writes to its log during a whole booking, read line by
 * line: a visitor books with every personal detail, looks up their postcode,
 * applies a promotional code, pays by card in the sandbox frame, confirms,
 * signs in with a one-time code, reads their account, adds a passport and
 * downloads a document, then logs out. None of the secrets or personal data
 * that passed through may be anywhere in the output. Logged at debug, more
 * than production's info, so nothing hides below the level.
 */

const lines: string[] = [];
const logStream = { write: (line: string) => void lines.push(line) };

const tag = randomUUID().slice(0, 8);
const EMAIL = `ottoline.vandersnoot.${tag}@example.com`;
const SECOND_EMAIL = `barnabus.quillfeather.${tag}@example.com`;
const PASSPORT = `P${tag.replace(/\D/g, '7').padEnd(8, '4')}`;
const CARD = '4242 4242 4242 4242';
const CVC = '947';
const address = { line_1: '17 Zanzibar Mews', line_2: 'Quorn Corner', city: 'York', state: 'North Yorkshire', postal_code: 'YO1 7HH', country: 'GBR' };
const leadPassenger = {
  title: 'Ms',
  given_name: 'Ottoline',
  family_name: 'Vandersnoot',
  telephone_home: '01632 960 471',
  telephone_mobile: '07700 900 862',
  date_of_birth: '1961-04-17',
  email: EMAIL,
  do_not_email: false,
  do_not_mail: false,
  special_requests: 'Ground floor room near the lift',
  address,
};
const secondPassenger = { title: 'Mr', given_name: 'Barnabus', family_name: 'Quillfeather', date_of_birth: '1959-12-03', email: SECOND_EMAIL };

/** The card number as any client might have spaced or grouped it. */
const CARD_ANYWHERE = /4242[\s-]*4242[\s-]*4242[\s-]*4242/;

describe('the log of a whole booking', () => {
  const server = build({
    logStream,
    env: { LOG_LEVEL: 'debug', LOG_FORMAT: 'json', HOLD_SWEEP_INTERVAL_MS: '0', MAIL_RELAY_INTERVAL_MS: '0' },
  });
  const app = () => server.app;
  /** Every value that must not be logged, found as the flow goes. */
  const secrets = new Map<string, string>();
  const keep = (name: string, value: string | undefined) => {
    expect(value, name).toBeTruthy();
    secrets.set(name, value!);
  };

  it('holds requests and responses, and none of the secrets or personal data that passed through', async () => {
    lines.length = 0;

    // The participants step's postcode lookup, then the booking with both participants.
    const lookup = await app().inject({ method: 'GET', url: `/api/addresses/${encodeURIComponent(address.postal_code)}` });
    expect(lookup.statusCode, lookup.body).toBe(200);
    const booking = await createBooking(app(), { ...SICILY, passengers: [leadPassenger, secondPassenger] });
    keep('booking token', booking.token);
    const ids = await optionIds(app(), booking);
    const chosen = await submit(app(), booking, { accommodation: [{ component_id: ids.room('Hotel Villa Aretusa', 'Twin'), passenger_ids: booking.passengerIds }] });
    expect(chosen.statusCode, chosen.body).toBe(200);

    const promotion = await app().inject({ method: 'POST', url: '/api/bookings/promotion', headers: booking.headers, payload: { code: 'WELCOME100' } });
    expect(promotion.statusCode, promotion.body).toBe(200);
    const total = promotion.json().data.details.total_price.value as number;
    expect(total).toBeGreaterThan(0);

    // The card form: the frame page (its URL holds the payment token), then the card as the frame posts it.
    const payment = await openPayment(app(), booking, total);
    keep('payment token', payment.token);
    const frame = await app().inject({ method: 'GET', url: `/pay/frame?token=${encodeURIComponent(payment.token)}` });
    expect(frame.statusCode).toBe(200);
    const paid = await app().inject({
      method: 'POST',
      url: '/pay/api/frame/payments',
      payload: { token: payment.token, card_number: CARD, expiry: FUTURE_EXPIRY, cvc: CVC, name: 'Ottoline Vandersnoot' },
    });
    expect(paid.json().status, paid.body).toBe('succeeded');
    const confirmed = await confirm(app(), booking, paid.json().payment_id);
    expect(confirmed.statusCode, confirmed.body).toBe(200);

    // The customer signs in with a one-time code from the e-mail (the sandbox identity provider), as the web app does.
    const visitor = browser();
    const { verifier, challenge } = pkce();
    const interaction = await startSignIn(app(), visitor, challenge);
    await submitEmail(app(), visitor, interaction, EMAIL);
    const oneTimeCode = await codeFromOutbox(app(), EMAIL);
    keep('one-time code', oneTimeCode);
    const authorizationCode = await submitCode(app(), visitor, interaction, oneTimeCode);
    keep('authorization code', authorizationCode);
    const tokens = await exchangeCode(app(), authorizationCode, verifier);
    expect(tokens.statusCode, tokens.body).toBe(200);
    const { access_token: accessToken, id_token: idToken, refresh_token: refreshToken } = tokens.json();
    keep('access token', accessToken);
    keep('ID token', idToken);
    keep('PKCE verifier', verifier);
    if (refreshToken) keep('refresh token', refreshToken);
    const customer = bearer(accessToken);

    // The account area: bookings, the booking, a passport for the lead, the documents and one download.
    const list = await app().inject({ method: 'GET', url: '/api/account/bookings', headers: customer });
    expect(list.statusCode, list.body).toBe(200);
    const read = await app().inject({ method: 'GET', url: `/api/account/bookings/${booking.id}`, headers: customer });
    expect(read.statusCode, read.body).toBe(200);
    const profile = await app().inject({ method: 'GET', url: '/api/account/profile', headers: customer });
    expect(profile.statusCode, profile.body).toBe(200);
    const passport = {
      apis: {
        document_type: 'Passport',
        document_number: PASSPORT,
        nationality: 'GBR',
        place_of_issue: 'HM Passport Office',
        country_of_residence: 'GBR',
        issue_date: '2021-05-04',
        expiry_date: `${new Date().getFullYear() + 8}-05-04`,
        place_of_birth: 'Harrogate',
        date_of_birth: leadPassenger.date_of_birth,
      },
    };
    const updated = await app().inject({
      method: 'PATCH',
      url: `/api/account/bookings/${booking.id}/passengers/${booking.passengerIds[0]}`,
      headers: customer,
      payload: passport,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const documents = await app().inject({ method: 'GET', url: `/api/account/bookings/${booking.id}/documents`, headers: customer });
    expect(documents.statusCode, documents.body).toBe(200);
    const link = /"url":"([^"]+\?token=([^"]+))"/.exec(documents.body);
    expect(link, documents.body).not.toBeNull();
    keep('document link token', link![2]);
    const download = await app().inject({ method: 'GET', url: link![1]! });
    expect(download.statusCode).toBe(200);

    // Logging out names the ID token in the URL (id_token_hint), as oidc-client-ts sends it.
    const logout = await visitor.get(
      app(),
      `/idp/session/end?${new URLSearchParams({ id_token_hint: idToken, post_logout_redirect_uri: 'http://localhost/', client_id: 'tours-web' })}`,
    );
    expect(logout.statusCode).toBe(200);

    // A database error that names the customer's row, logged as the error handler logs one.
    const [row] = await app().db.select().from(customers).where(eq(customers.email, EMAIL));
    expect(row).toBeDefined();
    const failure = await app()
      .db.insert(customers)
      .values(row!)
      .then(() => null, (error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    app().log.error({ err: failure }, 'unhandled error');

    const output = lines.join('');
    // The log is there: every call above was written, with its method and path.
    const entries = lines.map((line) => JSON.parse(line) as { msg?: string; req?: { url?: string } });
    const urls = entries.map((entry) => entry.req?.url).filter(Boolean);
    for (const path of ['/api/addresses/', '/api/bookings', '/api/bookings/promotion', '/pay/frame?token=', '/pay/api/frame/payments', '/api/bookings/confirm', '/idp/auth', '/idp/token', '/api/account/bookings', '/idp/session/end']) {
      expect(urls.some((url) => url!.startsWith(path)), `a request to ${path} is logged`).toBe(true);
    }
    expect(entries.some((entry) => entry.msg === 'request completed')).toBe(true);
    expect(output).toContain('unhandled error');

    // Secrets.
    for (const [name, value] of secrets) {
      const bounded = new RegExp(`(?<![\\w.-])${value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w-])`);
      expect(bounded.test(output), `${name} is not in the log`).toBe(false);
    }
    expect(output).not.toContain(SANDBOX_PAYMENT_SECRET_KEY);
    expect(output).not.toContain(SANDBOX_PAYMENT_WEBHOOK_SECRET);
    expect(output, 'no JSON Web Token').not.toMatch(/eyJ[\w-]+\.[\w-]+\.[\w-]+/);
    expect(output, 'the card number, however spaced').not.toMatch(CARD_ANYWHERE);
    expect(output, 'the security code').not.toMatch(new RegExp(`cvc\\W{0,4}${CVC}`, 'i'));

    // Personal data, as typed and as the API stores it (phones without spaces, e-mails lower-cased, URL-encoded).
    const personal = [
      EMAIL,
      encodeURIComponent(EMAIL),
      SECOND_EMAIL,
      'Ottoline',
      'Vandersnoot',
      'Barnabus',
      'Quillfeather',
      leadPassenger.date_of_birth,
      secondPassenger.date_of_birth,
      leadPassenger.telephone_home,
      leadPassenger.telephone_home.replace(/\s/g, ''),
      leadPassenger.telephone_mobile.replace(/\s/g, ''),
      PASSPORT,
      address.line_1,
      address.line_2,
      address.postal_code,
      address.postal_code.replace(' ', ''),
      encodeURIComponent(address.postal_code),
      'Harrogate',
      leadPassenger.special_requests,
    ];
    for (const value of personal) expect(output.toLowerCase(), `'${value}' is not in the log`).not.toContain(value.toLowerCase());
  });
});
