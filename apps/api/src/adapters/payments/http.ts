import { fromProviderAmount, toProviderAmount } from '@tours/domain';
import type { z } from 'zod';
import { PaymentGatewayError, type GatewayPayment, type GatewayPaymentRequest, type GatewayRefund, type PaymentGateway } from './port.ts';
import {
  createTokenResponseSchema,
  IDEMPOTENCY_HEADER,
  paymentRequestResponseSchema,
  paymentResponseSchema,
  refundResponseSchema,
  type CreateTokenBody,
  type PaymentRequestResponse,
  type PaymentResponse,
  type RefundBody,
  type RefundResponse,
} from './wire.ts';

export interface HttpPaymentGatewayOptions {
  /** The provider's base URL, e.g. https://pay.example/pay: `${url}/sdk.js`, `${url}/api/tokens`. */
  url: string;
  secretKey: string;
  timeoutMs?: number;
  /** Another transport with fetch's shape: tests and the in-process sandbox use app.inject. */
  fetch?: typeof fetch;
}

const DEFAULT_TIMEOUT_MS = 10_000;

/** The provider's error body, read only to pass its field messages on. */
function errorFields(body: unknown): Record<string, string> | undefined {
  const fields = (body as { error?: { fields?: unknown } } | null)?.error?.fields;
  if (!fields || typeof fields !== 'object') return undefined;
  return Object.fromEntries(Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/**
 * The PaymentGateway over the provider's server API (HTTP, JSON, secret key
 * as a bearer token). The sandbox at /pay speaks the same API, so choosing a
 * real provider is a matter of PAYMENT_PROVIDER_URL and PAYMENT_SECRET_KEY.
 */
export function createHttpPaymentGateway(options: HttpPaymentGatewayOptions): PaymentGateway {
  const base = options.url.replace(/\/+$/, '');
  const fetchFn = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  async function call(path: string, init: { method: 'GET' | 'POST'; body?: unknown; headers?: Record<string, string> }): Promise<{ status: number; body: unknown }> {
    let response: Response;
    try {
      response = await fetchFn(`${base}${path}`, {
        method: init.method,
        headers: {
          accept: 'application/json',
          authorization: `Bearer ${options.secretKey}`,
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...init.headers,
        },
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new PaymentGatewayError(`The card provider did not answer: ${(error as Error).message}`);
    }
    const body: unknown = await response.json().catch(() => null);
    return { status: response.status, body };
  }

  function parse<T>(schema: z.ZodType<T>, body: unknown, what: string): T {
    const parsed = schema.safeParse(body);
    if (!parsed.success) throw new PaymentGatewayError(`The card provider answered ${what} in an unknown shape`);
    return parsed.data;
  }

  function failure(status: number, body: unknown, what: string): PaymentGatewayError {
    if (status === 401 || status === 403) return new PaymentGatewayError(`The card provider refused our key (${status}) for ${what}`, status);
    const fields = status === 400 ? errorFields(body) : undefined;
    return new PaymentGatewayError(`The card provider answered ${status} to ${what}`, status, fields);
  }

  /** Both answer the request as it stands after the call; null when the provider knows no such request. */
  async function paymentRequestCall(requestId: string, method: 'GET' | 'POST', action: string, what: string): Promise<GatewayPaymentRequest | null> {
    const { status, body } = await call(`/api/payment-requests/${encodeURIComponent(requestId)}${action}`, { method });
    if (status === 404) return null;
    if (status !== 200) throw failure(status, body, what);
    return toPaymentRequest(parse(paymentRequestResponseSchema, body, what), requestId);
  }

  return {
    scriptUrl: `${base}/sdk.js`,
    origin: new URL(base).origin,

    async createToken(request) {
      const body: CreateTokenBody = {
        amount: toProviderAmount(request.amount),
        currency: request.currency,
        crm_key: request.crmKey,
        instance_key: request.instanceKey,
        theme: { primary_colour: request.theme.primaryColour, width: request.theme.width },
        logo: request.logo,
        account: { ...request.payer },
        allowed_origin: request.allowedOrigin,
        frequency: 'ONEOFF',
        save_card: false,
      };
      const { status, body: answer } = await call('/api/tokens', { method: 'POST', body });
      if (status !== 201 && status !== 200) throw failure(status, answer, 'a token request');
      const token = parse(createTokenResponseSchema, answer, 'a token request');
      return { token: token.token, requestId: token.payment_request_id, expiresAt: new Date(token.expires_at) };
    },

    async getPayment(id): Promise<GatewayPayment | null> {
      const { status, body } = await call(`/api/payments/${encodeURIComponent(id)}`, { method: 'GET' });
      if (status === 404) return null;
      if (status !== 200) throw failure(status, body, 'a payment look-up');
      const payment = toPayment(parse(paymentResponseSchema, body, 'a payment look-up'));
      if (payment.id !== id) throw new PaymentGatewayError('The card provider answered a payment look-up with another payment');
      return payment;
    },

    getPaymentRequest: (requestId) => paymentRequestCall(requestId, 'GET', '', 'a payment request look-up'),
    cancelPaymentRequest: (requestId) => paymentRequestCall(requestId, 'POST', '/cancel', 'a payment request cancellation'),

    async refund(request): Promise<GatewayRefund> {
      const body: RefundBody = { amount: toProviderAmount(request.amountMinor), currency: request.currency, reason: request.reason.slice(0, 500) };
      const { status, body: answer } = await call(`/api/payments/${encodeURIComponent(request.providerPaymentId)}/refunds`, {
        method: 'POST',
        body,
        headers: { [IDEMPOTENCY_HEADER]: request.idempotencyKey },
      });
      // 201 for a new refund, 200 for the one this key asked for before.
      if (status !== 201 && status !== 200) throw failure(status, answer, 'a refund');
      const refund = toRefund(parse(refundResponseSchema, answer, 'a refund'));
      if (refund.paymentId !== request.providerPaymentId || refund.amountMinor !== request.amountMinor || refund.currency !== request.currency) {
        throw new PaymentGatewayError('The card provider answered a refund with another payment, amount or currency');
      }
      return refund;
    },

    async getRefund(id): Promise<GatewayRefund | null> {
      const { status, body } = await call(`/api/refunds/${encodeURIComponent(id)}`, { method: 'GET' });
      if (status === 404) return null;
      if (status !== 200) throw failure(status, body, 'a refund look-up');
      const refund = toRefund(parse(refundResponseSchema, body, 'a refund look-up'));
      if (refund.id !== id) throw new PaymentGatewayError('The card provider answered a refund look-up with another refund');
      return refund;
    },
  };
}

/** A refund on the wire (an answer, or a notification's) as the port gives it: its figures must agree with themselves, as a payment's must. */
export function toRefund(refund: RefundResponse): GatewayRefund {
  if (fromProviderAmount(refund.amount) !== refund.amount_minor) {
    throw new PaymentGatewayError('The card provider answered a refund with two different amounts');
  }
  return {
    id: refund.id,
    paymentId: refund.payment_id,
    status: refund.status,
    amountMinor: refund.amount_minor,
    currency: refund.currency,
    failureReason: refund.failure_reason,
    idempotencyKey: refund.idempotency_key,
    createdAt: new Date(refund.created_at),
  };
}

/** Money decisions rest on these answers, so an inconsistent one is a failure, not a guess. */
function toPayment(payment: PaymentResponse): GatewayPayment {
  if (fromProviderAmount(payment.amount) !== payment.amount_minor) {
    throw new PaymentGatewayError('The card provider answered a payment with two different amounts');
  }
  return {
    id: payment.id,
    status: payment.status,
    amountMinor: payment.amount_minor,
    currency: payment.currency,
    crmKey: payment.crm_key,
    requestId: payment.payment_request_id,
    createdAt: new Date(payment.created_at),
    card: payment.card,
  };
}

function toPaymentRequest(request: PaymentRequestResponse, asked: string): GatewayPaymentRequest {
  const payment = request.payment ? toPayment(request.payment) : null;
  if (request.id !== asked || (payment && payment.requestId !== asked) || (request.status === 'paid') !== (payment?.status === 'succeeded')) {
    throw new PaymentGatewayError('The card provider answered a payment request look-up inconsistently');
  }
  return {
    id: request.id,
    status: request.status,
    amountMinor: request.amount_minor,
    currency: request.currency,
    crmKey: request.crm_key,
    expiresAt: new Date(request.expires_at),
    allowedOrigin: request.allowed_origin ?? null,
    payment,
  };
}
