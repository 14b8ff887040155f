import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { payPayments, payTokens } from '../src/db/schema/index.ts';
import { AUTH, CARDS, createToken, MERCHANT_ORIGIN, submit, tokenBody } from './payment-provider-fixtures.ts';
import { build } from './helper.ts';

describe('sandbox payment provider: server API', () => {
  const server = build();

  const postToken = (payload: unknown, headers: Record<string, string> = AUTH) =>
    server.app.inject({ method: 'POST', url: '/pay/api/tokens', headers, payload: payload as object });

  describe('POST /pay/api/tokens', () => {
    it('refuses callers without the secret key', async () => {
      // The demo's card payments are the provider's too (the seed's closed forms): nothing is added to them.
      const before = await server.app.db.select().from(payTokens);
      for (const headers of [{} as Record<string, string>, { authorization: 'Bearer sk_wrong_key_0000000000000' }, { authorization: AUTH.authorization.replace('Bearer ', '') }]) {
        const response = await postToken(tokenBody(), headers);
        expect(response.statusCode).toBe(401);
        expect(response.headers['www-authenticate']).toBe('Bearer');
        expect(response.json().error.code).toBe('UNAUTHORIZED');
      }
      expect(await server.app.db.select().from(payTokens)).toHaveLength(before.length);
    });

    it('opens a token for the amount, stores only its digest, and lets it live PAYMENT_TOKEN_TTL_SECONDS', async () => {
      const before = Date.now();
      const response = await postToken(tokenBody());
      expect(response.statusCode).toBe(201);
      expect(response.headers['cache-control']).toBe('no-store');
      const { token, expires_at } = response.json();
      expect(token).toMatch(/^ptok_[A-Za-z0-9_-]{43}$/);
      const lifetime = new Date(expires_at).getTime() - before;
      expect(lifetime).toBeGreaterThanOrEqual(899_000);
      expect(lifetime).toBeLessThanOrEqual(901_000);

      const [row] = await server.app.db
        .select()
        .from(payTokens)
        .where(eq(payTokens.tokenHash, createHash('sha256').update(token).digest('hex')));
      expect(row).toMatchObject({
        amount: 123450,
        currency: 'GBP',
        crmKey: '100042',
        allowedOrigin: MERCHANT_ORIGIN,
        account: { first_name: 'Ada', last_name: 'Lovelace', address_lines: ['12 St James Square', 'London', 'SW1Y 4JH'], country: 'GB' },
      });
      expect(JSON.stringify(await server.app.db.select().from(payTokens))).not.toContain(token);
    });

    it('gives every token its own value', async () => {
      const tokens = await Promise.all([1, 2, 3].map(() => createToken(server.app)));
      expect(new Set(tokens.map((t) => t.token)).size).toBe(3);
    });

    it.each([
      ['1234.5', 'amount'],
      ['1234', 'amount'],
      ['1,234.50', 'amount'],
      ['-10.00', 'amount'],
      ['0.00', 'amount'],
      ['99999999.99', 'amount'],
      [1234.5, 'amount'],
    ])('refuses the amount %j with a field message', async (amount, field) => {
      const response = await postToken(tokenBody({ amount }));
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
      expect(Object.keys(response.json().error.fields)).toEqual([field]);
    });

    it('explains the amount format', async () => {
      const response = await postToken(tokenBody({ amount: '12.5' }));
      expect(response.json().error.fields.amount).toBe("Use major units with exactly two decimals, such as '1234.50'");
    });

    it.each([
      ['currency', { currency: 'EUR' }],
      ['allowed_origin', { allowed_origin: 'https://shop.example/checkout' }],
      ['allowed_origin', { allowed_origin: 'javascript:alert(1)' }],
      ['allowed_origin', { allowed_origin: 'https://shop.example; script-src *' }],
      ['frequency', { frequency: 'MONTHLY' }],
      ['save_card', { save_card: true }],
      ['theme.primary_colour', { theme: { primary_colour: 'red;}', width: '100%' } }],
      ['theme.width', { theme: { primary_colour: '#000000', width: 'calc(1px)' } }],
      ['logo', { logo: 'javascript:alert(1)' }],
      ['crm_key', { crm_key: '' }],
      ['account.first_name', { account: { last_name: 'Lovelace', email: 'ada@example.com' } }],
      ['account.country', { account: { first_name: 'Ada', last_name: 'Lovelace', email: 'a@example.com', country: 'GBR' } }],
    ])('answers 400 naming %s', async (field, overrides) => {
      const response = await postToken(tokenBody(overrides));
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields).toHaveProperty([field]);
    });

    it('answers 400 for a body that is not JSON', async () => {
      const response = await server.app.inject({
        method: 'POST',
        url: '/pay/api/tokens',
        headers: { ...AUTH, 'content-type': 'application/json' },
        payload: '{"amount":',
      });
      expect(response.statusCode).toBe(400);
    });

    it('is not part of our OpenAPI document', async () => {
      const response = await server.app.inject({ method: 'GET', url: '/api/docs/json' });
      expect(Object.keys(response.json().paths).filter((path) => path.startsWith('/pay'))).toEqual([]);
    });
  });

  describe('GET /pay/api/payments/:id', () => {
    it('refuses callers without the secret key', async () => {
      const response = await server.app.inject({ method: 'GET', url: '/pay/api/payments/pay_0123456789abcdef01234567' });
      expect(response.statusCode).toBe(401);
    });

    it('answers 404 for a payment it does not know', async () => {
      for (const id of ['pay_0123456789abcdef01234567', 'anything', "pay_'; drop table pay_payments; --"]) {
        const response = await server.app.inject({ method: 'GET', url: `/pay/api/payments/${encodeURIComponent(id)}`, headers: AUTH });
        expect(response.statusCode).toBe(404);
        expect(response.json().error.code).toBe('NOT_FOUND');
      }
    });

    it('reads back a successful payment with its amount, currency, crm key and card', async () => {
      const { token } = await createToken(server.app, { amount: '199.99', currency: 'AUD', crm_key: '100777' });
      const paid = (await submit(server.app, token)).json();
      expect(paid.status).toBe('succeeded');

      const response = await server.app.inject({ method: 'GET', url: `/pay/api/payments/${paid.payment_id}`, headers: AUTH });
      expect(response.statusCode).toBe(200);
      const payment = response.json();
      expect(payment).toEqual({
        id: paid.payment_id,
        status: 'succeeded',
        amount: '199.99',
        amount_minor: 19999,
        currency: 'AUD',
        crm_key: '100777',
        payment_request_id: expect.stringMatching(/^preq_/),
        created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        card: { brand: 'visa', last4: '4242' },
      });
    });

    it('reads back a declined attempt as declined', async () => {
      const { token } = await createToken(server.app);
      await submit(server.app, token, { card_number: CARDS.declined });
      const [declined] = await server.app.db.select().from(payPayments).where(eq(payPayments.status, 'declined'));
      const response = await server.app.inject({ method: 'GET', url: `/pay/api/payments/${declined!.id}`, headers: AUTH });
      expect(response.json()).toMatchObject({ status: 'declined', card: { brand: 'visa', last4: '0002' } });
    });
  });
});

describe('sandbox payment provider: token lifetime setting', () => {
  const server = build({ env: { PAYMENT_TOKEN_TTL_SECONDS: '120', PAYMENT_SECRET_KEY: 'sk_custom_secret_for_this_test' } });

  it('uses PAYMENT_TOKEN_TTL_SECONDS and checks PAYMENT_SECRET_KEY', async () => {
    const refused = await server.app.inject({ method: 'POST', url: '/pay/api/tokens', headers: AUTH, payload: tokenBody() });
    expect(refused.statusCode).toBe(401);
    const before = Date.now();
    const response = await server.app.inject({
      method: 'POST',
      url: '/pay/api/tokens',
      headers: { authorization: 'Bearer sk_custom_secret_for_this_test' },
      payload: tokenBody(),
    });
    expect(response.statusCode).toBe(201);
    const lifetime = new Date(response.json().expires_at).getTime() - before;
    expect(lifetime).toBeGreaterThan(119_000);
    expect(lifetime).toBeLessThanOrEqual(121_000);
  });
});

describe('with PAYMENT_PROVIDER=http', () => {
  const server = build({
    env: { PAYMENT_PROVIDER: 'http', PAYMENT_PROVIDER_URL: 'https://pay.example/v1', PAYMENT_SECRET_KEY: 'sk_live_from_the_provider_000', PAYMENT_WEBHOOK_SECRET: 'whsec_live_from_the_provider_0' },
  });

  it('does not serve the sandbox at /pay', async () => {
    for (const url of ['/pay/sdk.js', '/pay/api/tokens']) {
      const response = await server.app.inject({ method: url.endsWith('.js') ? 'GET' : 'POST', url, headers: AUTH, payload: {} });
      expect(response.statusCode).toBe(404);
    }
  });
});
