import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createHttpPaymentGateway,
  createPaymentGateway,
  injectFetch,
  PaymentGatewayError,
  type GatewayTokenRequest,
  type PaymentGateway,
} from '../src/adapters/payments/index.ts';
import { loadConfig, SANDBOX_PAYMENT_SECRET_KEY, SANDBOX_PAYMENT_WEBHOOK_SECRET } from '../src/config/index.ts';
import { CARDS, MERCHANT_ORIGIN, SECRET, submit } from './payment-provider-fixtures.ts';
import { build } from './helper.ts';

const REQUEST: GatewayTokenRequest = {
  amount: 18525,
  currency: 'GBP',
  crmKey: '100123',
  instanceKey: 'booking-site',
  theme: { primaryColour: '#1f3a5f', width: '100%' },
  logo: '/logo.svg',
  payer: {
    first_name: 'Grace',
    last_name: 'Hopper',
    email: 'grace@example.com',
    address_line_1: '1 Navy Way',
    address_line_2: '',
    address_line_3: '',
    address_line_4: 'Arlington',
    address_line_5: 'Virginia',
    address_line_6: '22202',
    country: 'US',
  },
  allowedOrigin: MERCHANT_ORIGIN,
};

describe('PaymentGateway over HTTP against the sandbox on a listening port', () => {
  const server = build();
  let baseUrl = '';
  let gateway: PaymentGateway;
  beforeAll(async () => {
    await server.app.listen({ host: '127.0.0.1', port: 0 });
    baseUrl = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}/pay`;
    gateway = createHttpPaymentGateway({ url: baseUrl, secretKey: SECRET });
  });

  it('names the script and origin the browser needs', () => {
    expect(gateway.scriptUrl).toBe(`${baseUrl}/sdk.js`);
    expect(gateway.origin).toBe(new URL(baseUrl).origin);
  });

  it('opens a token, and reads back the payment made with it', async () => {
    const before = Date.now();
    const { token, expiresAt } = await gateway.createToken(REQUEST);
    expect(token).toMatch(/^ptok_/);
    expect(expiresAt).toBeInstanceOf(Date);
    expect(expiresAt.getTime()).toBeGreaterThan(before + 890_000);

    const frame = await fetch(`${baseUrl}/frame?token=${token}`);
    expect(await frame.text()).toContain('£185.25');

    const paid = (await submit(server.app, token)).json();
    const payment = await gateway.getPayment(paid.payment_id);
    expect(payment).toEqual({
      id: paid.payment_id,
      status: 'succeeded',
      amountMinor: 18525,
      currency: 'GBP',
      crmKey: '100123',
      requestId: expect.stringMatching(/^preq_/),
      createdAt: expect.any(Date),
      card: { brand: 'visa', last4: '4242' },
    });
  });

  it('reads a declined attempt as declined', async () => {
    const { token } = await gateway.createToken({ ...REQUEST, currency: 'USD' });
    const answer = (await submit(server.app, token, { card_number: CARDS.declined })).json();
    expect(answer.status).toBe('declined');
    const paid = (await submit(server.app, token)).json();
    expect(await gateway.getPayment(paid.payment_id)).toMatchObject({ status: 'succeeded', currency: 'USD' });
  });

  it('answers null for a payment the provider does not know', async () => {
    expect(await gateway.getPayment('pay_000000000000000000000000')).toBeNull();
    expect(await gateway.getPayment('../tokens')).toBeNull();
  });

  it('reports a refused key as a gateway error', async () => {
    const wrongKey = createHttpPaymentGateway({ url: baseUrl, secretKey: 'sk_not_the_key_at_all_000' });
    const refused = await wrongKey.createToken(REQUEST).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PaymentGatewayError);
    expect((refused as PaymentGatewayError).status).toBe(401);
    await expect(wrongKey.getPayment('pay_x')).rejects.toBeInstanceOf(PaymentGatewayError);
  });

  it("passes on the provider's field messages when it refuses a request", async () => {
    const refused = await gateway.createToken({ ...REQUEST, allowedOrigin: 'https://shop.example/checkout' }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PaymentGatewayError);
    expect((refused as PaymentGatewayError).status).toBe(400);
    expect((refused as PaymentGatewayError).fields).toHaveProperty('allowed_origin');
  });

  it('reports an unreachable provider as a gateway error', async () => {
    const nowhere = createHttpPaymentGateway({ url: 'http://127.0.0.1:9/pay', secretKey: SECRET, timeoutMs: 2000 });
    await expect(nowhere.createToken(REQUEST)).rejects.toThrow(/did not answer/);
    await expect(nowhere.getPayment('pay_x')).rejects.toBeInstanceOf(PaymentGatewayError);
  });
});

describe('PaymentGateway answers it cannot trust', () => {
  const withAnswer = (status: number, body: unknown) =>
    createHttpPaymentGateway({ url: 'https://pay.example/pay', secretKey: SECRET, fetch: async () => Response.json(body, { status }) });
  const payment = {
    id: 'pay_1',
    status: 'succeeded',
    amount: '10.00',
    amount_minor: 1000,
    currency: 'GBP',
    crm_key: '1',
    payment_request_id: 'preq_1',
    created_at: '2026-01-01T00:00:00.000Z',
    card: { brand: 'visa', last4: '4242' },
  };

  it('refuses a payment whose amounts disagree, or that is another payment', async () => {
    await expect(withAnswer(200, payment).getPayment('pay_1')).resolves.toMatchObject({ amountMinor: 1000 });
    await expect(withAnswer(200, { ...payment, amount_minor: 100000 }).getPayment('pay_1')).rejects.toThrow(/two different amounts/);
    await expect(withAnswer(200, payment).getPayment('pay_2')).rejects.toThrow(/another payment/);
  });

  it('refuses unknown shapes and server errors', async () => {
    await expect(withAnswer(200, { ...payment, status: 'pending' }).getPayment('pay_1')).rejects.toThrow(/unknown shape/);
    await expect(withAnswer(201, { token: '' }).createToken(REQUEST)).rejects.toThrow(/unknown shape/);
    await expect(withAnswer(503, {}).getPayment('pay_1')).rejects.toThrow(/answered 503/);
  });

  it('sends the amount with two decimals, one-off, card not saved, with the secret key', async () => {
    let sent: { url: string; headers: Headers; body: unknown } | undefined;
    const gateway = createHttpPaymentGateway({
      url: 'https://pay.example/pay/',
      secretKey: SECRET,
      fetch: async (input, init) => {
        sent = { url: String(input), headers: new Headers(init?.headers), body: JSON.parse(String(init?.body)) };
        return Response.json({ token: 'ptok_x', payment_request_id: 'preq_x', expires_at: '2026-01-01T00:15:00.000Z' }, { status: 201 });
      },
    });
    await gateway.createToken({ ...REQUEST, amount: 5 });
    expect(sent!.url).toBe('https://pay.example/pay/api/tokens');
    expect(sent!.headers.get('authorization')).toBe(`Bearer ${SECRET}`);
    expect(sent!.body).toMatchObject({ amount: '0.05', crm_key: '100123', frequency: 'ONEOFF', save_card: false, allowed_origin: MERCHANT_ORIGIN });
    expect(gateway.scriptUrl).toBe('https://pay.example/pay/sdk.js');
  });
});

describe('createPaymentGateway in sandbox mode', () => {
  // PUBLIC_URL names a port nobody listens on: the in-process sandbox must not need it.
  const server = build({ env: { PUBLIC_URL: 'http://127.0.0.1:9' } });

  it('reaches the sandbox in this app through inject, while the browser gets PUBLIC_URL/pay', async () => {
    const gateway = createPaymentGateway(server.app.config.payments, server.app);
    expect(gateway.scriptUrl).toBe('http://127.0.0.1:9/pay/sdk.js');
    expect(gateway.origin).toBe('http://127.0.0.1:9');
    const { token } = await gateway.createToken(REQUEST);
    const paid = (await submit(server.app, token)).json();
    expect(await gateway.getPayment(paid.payment_id)).toMatchObject({ status: 'succeeded', amountMinor: 18525 });
  });

  it('goes over the network to a provider elsewhere', async () => {
    const gateway = createPaymentGateway({ ...server.app.config.payments, url: 'http://127.0.0.1:9/elsewhere', onSite: false }, server.app);
    await expect(gateway.getPayment('pay_x')).rejects.toBeInstanceOf(PaymentGatewayError);
  });

  it('injectFetch answers like fetch', async () => {
    const response = await injectFetch(server.app)('http://any.host/pay/sdk.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await response.text()).toContain('SandboxPay');
  });
});

describe('payment settings', () => {
  it('default to the sandbox on the site itself with the documented sandbox key', () => {
    expect(loadConfig({}).payments).toEqual({
      provider: 'sandbox',
      url: 'http://localhost:3000/pay',
      onSite: true,
      secretKey: SANDBOX_PAYMENT_SECRET_KEY,
      timeoutMs: 10_000,
      tokenTtlSeconds: 900,
      webhookSecret: SANDBOX_PAYMENT_WEBHOOK_SECRET,
      webhookUrl: 'http://localhost:3000/api/payments/notifications',
      webhookRetryIntervalMs: 5000,
      reconcileIntervalMs: 30_000,
    });
    expect(loadConfig({ PUBLIC_URL: 'https://tours.example/' }).payments.url).toBe('https://tours.example/pay');
    expect(loadConfig({ PAYMENT_PROVIDER_TIMEOUT_MS: '2500' }).payments.timeoutMs).toBe(2500);
    expect(() => loadConfig({ PAYMENT_PROVIDER_TIMEOUT_MS: '5' })).toThrow(/PAYMENT_PROVIDER_TIMEOUT_MS/);
  });

  it('read a real provider, which needs its URL and its own key', () => {
    const config = loadConfig({
      PAYMENT_PROVIDER: 'http',
      PAYMENT_PROVIDER_URL: 'https://pay.example/v1/',
      PAYMENT_SECRET_KEY: 'sk_live_0123456789abcdef',
      PAYMENT_WEBHOOK_SECRET: 'whsec_live_0123456789abcdef',
      PAYMENT_TOKEN_TTL_SECONDS: '600',
    });
    expect(config.payments).toMatchObject({
      provider: 'http',
      url: 'https://pay.example/v1',
      secretKey: 'sk_live_0123456789abcdef',
      webhookSecret: 'whsec_live_0123456789abcdef',
      tokenTtlSeconds: 600,
    });
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'http' })).toThrow(/PAYMENT_PROVIDER_URL: Required[\s\S]*PAYMENT_SECRET_KEY: Required[\s\S]*PAYMENT_WEBHOOK_SECRET: Required/);
  });

  it('refuse values that cannot work', () => {
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'stripe' })).toThrow(/PAYMENT_PROVIDER/);
    expect(() => loadConfig({ PAYMENT_PROVIDER_URL: 'ftp://pay.example' })).toThrow(/PAYMENT_PROVIDER_URL/);
    expect(() => loadConfig({ PAYMENT_SECRET_KEY: 'short' })).toThrow(/PAYMENT_SECRET_KEY: Use at least 16 characters/);
    expect(() => loadConfig({ PAYMENT_TOKEN_TTL_SECONDS: '5' })).toThrow(/PAYMENT_TOKEN_TTL_SECONDS/);
  });
});
