import { buildCardPaymentRequest, type CardPaymentRequest, type CurrencyCode } from '@tours/domain';
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect } from 'vitest';
import type { SeededAccountCustomer } from '../src/modules/testing/account-customer.ts';
import { bearerHeader, OIDC_TEST_ENV, signingKey, testKeySource, tokenFor, type SigningKey } from './customer-tokens.ts';
import { build, type BuildOptions } from './helper.ts';
import { CARDS, submit as submitCard } from './payment-provider-fixtures.ts';

/**
 * The account area's calls as the web makes them: a signed-in customer's
 * access token (made with the test issuer's keys), a fresh copy of the demo
 * customer for each test that changes account data (POST
 * /api/testing/account-customer), and the payer's side of the card form.
 */

export const DEMO = 'demo@example.com';

/** The demo bookings the copies are made of (apps/api/src/db/seed/data/customers.ts). */
export const DEMO_REFERENCES = { withBalance: 'MER-480153', paidInFull: 'MER-480297', past: 'MER-470861', cancelled: 'MER-481020' } as const;

export function accountTestServer(options: BuildOptions = {}) {
  const published = testKeySource();
  let key: SigningKey | undefined;
  const server = build({
    ...options,
    env: { ...OIDC_TEST_ENV, TEST_FAULTS: 'true', HOLD_SWEEP_INTERVAL_MS: '0', MAIL_RELAY_INTERVAL_MS: '0', ...options.env },
    customerTokenKeys: published.source,
  });
  beforeAll(async () => {
    key = await signingKey();
    published.publish(key);
  });
  const app = () => server.app;

  /** The Authorization header of someone signed in with this e-mail, good for two hours (tests move the clock on). */
  const headersFor = async (email: string) => bearerHeader(await tokenFor(key!, email, { expiresIn: 7200 }));

  /** A new copy of the demo customer, with their bookings by the demo booking they copy. */
  async function seedCustomer() {
    const response = await app().inject({ method: 'POST', url: '/api/testing/account-customer', payload: {} });
    expect(response.statusCode, response.body).toBe(201);
    const data = response.json().data as SeededAccountCustomer;
    const copyOf = (demoReference: string) => data.bookings.find((b) => b.demo_reference === demoReference)!;
    return {
      ...data,
      headers: await headersFor(data.email),
      withBalance: copyOf(DEMO_REFERENCES.withBalance),
      paidInFull: copyOf(DEMO_REFERENCES.paidInFull),
      past: copyOf(DEMO_REFERENCES.past),
      cancelled: copyOf(DEMO_REFERENCES.cancelled),
    };
  }

  return { server, app, headersFor, seedCustomer };
}

export type AccountCustomer = Awaited<ReturnType<ReturnType<typeof accountTestServer>['seedCustomer']>>;

/** The card payment request of the 'Make a payment' form, built with the domain's builder as the web builds it. */
export function cardPaymentRequest(bookingId: number, amount: number, currency: CurrencyCode = 'GBP'): CardPaymentRequest {
  return buildCardPaymentRequest({
    bookingId,
    currency,
    amount,
    payer: {
      first_name: 'Margaret',
      last_name: 'Ashworth',
      email: 'margaret@example.com',
      address: { line_1: '7 Orchard Row', line_2: 'Clifton', city: 'Bristol', state: 'Avon', postal_code: 'BS8 4XX', country: 'GBR' },
    },
  });
}

export function requestAccountToken(app: FastifyInstance, headers: Record<string, string>, bookingId: number, body: object) {
  return app.inject({ method: 'POST', url: `/api/account/bookings/${bookingId}/payments/token`, headers, payload: body });
}

/** A token for the amount (minor units), which the API must accept. */
export async function openAccountPayment(app: FastifyInstance, headers: Record<string, string>, bookingId: number, amount: number, currency: CurrencyCode = 'GBP') {
  const response = await requestAccountToken(app, headers, bookingId, cardPaymentRequest(bookingId, amount, currency));
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { token: string; script_url: string; origin: string; expires_at: string };
}

/** Pays on the provider's form with a card that succeeds; answers the provider's payment id. */
export async function payOnForm(app: FastifyInstance, token: string, card: string = CARDS.succeeds): Promise<string> {
  const response = await submitCard(app, token, { card_number: card });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json().status).toBe('succeeded');
  return response.json().payment_id as string;
}

export function submitReceipt(
  app: FastifyInstance,
  headers: Record<string, string>,
  bookingId: number,
  paymentId: string,
  currency: CurrencyCode = 'GBP',
  paymentMethodId = 'pm_sandbox_visa_4242',
) {
  return app.inject({
    method: 'PUT',
    url: `/api/account/bookings/${bookingId}/payments/${encodeURIComponent(paymentId)}?currency=${currency}`,
    headers,
    payload: { payment_method_id: paymentMethodId },
  });
}

export async function accountBooking(app: FastifyInstance, headers: Record<string, string>, bookingId: number) {
  const response = await app.inject({ method: 'GET', url: `/api/account/bookings/${bookingId}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as {
    booking: { outstanding_balance: { value: number; currency: string }; total_price: { value: number; currency_code: string }; status: string; currency_code: string };
    components: { id: number; name: string; component_type: string; price: { value: number; currency_code: string } | null }[];
    passengers: { id: number; forename: string; surname: string }[];
  };
}

export async function accountPayments(app: FastifyInstance, headers: Record<string, string>, bookingId: number) {
  const response = await app.inject({ method: 'GET', url: `/api/account/bookings/${bookingId}/payments`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.items as { id: number; payment_id: string; reference: string; created_date: string; amount: { value: number; currency: string }; detail: { gateway_status: string } }[];
}
