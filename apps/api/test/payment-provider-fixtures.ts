import type { FastifyInstance } from 'fastify';
import { SANDBOX_PAYMENT_SECRET_KEY } from '../src/config/index.ts';

/** What the sandbox provider's tests share: the merchant's side of a token, the test cards, the frame's submit. */

export const SECRET = SANDBOX_PAYMENT_SECRET_KEY;
export const MERCHANT_ORIGIN = 'https://shop.example';
export const AUTH = { authorization: `Bearer ${SECRET}` };

/** An expiry date two years ahead, as the payer types it. */
const nextYears = (new Date().getUTCFullYear() + 2) % 100;
export const FUTURE_EXPIRY = `12/${String(nextYears).padStart(2, '0')}`;

export const CARDS = {
  succeeds: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  expiredRequest: '4000 0000 0000 0069',
} as const;

export function tokenBody(overrides: Record<string, unknown> = {}) {
  return {
    amount: '1234.50',
    currency: 'GBP',
    crm_key: '100042',
    instance_key: 'booking-site',
    theme: { primary_colour: '#1f3a5f', width: '100%' },
    logo: '/logo.svg',
    account: {
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.com',
      address_line_1: '12 St James Square',
      address_line_4: 'London',
      address_line_6: 'SW1Y 4JH',
      country: 'GB',
    },
    allowed_origin: MERCHANT_ORIGIN,
    frequency: 'ONEOFF',
    save_card: false,
    ...overrides,
  };
}

export async function createToken(app: FastifyInstance, overrides: Record<string, unknown> = {}): Promise<{ token: string; expires_at: string }> {
  const response = await app.inject({ method: 'POST', url: '/pay/api/tokens', headers: AUTH, payload: tokenBody(overrides) });
  if (response.statusCode !== 201) throw new Error(`token request answered ${response.statusCode}: ${response.body}`);
  return response.json();
}

export function submit(app: FastifyInstance, token: string, card: Partial<Record<'card_number' | 'expiry' | 'cvc' | 'name', string>> = {}) {
  return app.inject({
    method: 'POST',
    url: '/pay/api/frame/payments',
    payload: { token, card_number: CARDS.succeeds, expiry: FUTURE_EXPIRY, cvc: '123', name: 'Ada Lovelace', ...card },
  });
}

