import type { CurrencyCode, PaymentAccount } from '@tours/domain';

/**
 * Card payments (spec sections 3, 4, 7): our API asks the provider for a
 * token that opens its inline card form for an amount, and later asks the
 * provider what became of a payment before it trusts the browser's word.
 * The browser talks to the provider directly (its sdk.js and frame); card
 * details never reach us.
 */
export interface PaymentGateway {
  /** Opens a one-off card payment; the token goes to the browser, which mounts the form with it. */
  createToken(request: GatewayTokenRequest): Promise<GatewayToken>;
  /** The provider's record of a payment, or null when it knows no payment by that id. */
  getPayment(id: string): Promise<GatewayPayment | null>;
  /** A payment request now, with its payment if one succeeded; null when the provider knows no such request. */
  getPaymentRequest(requestId: string): Promise<GatewayPaymentRequest | null>;
  /**
   * Withdraws a payment request: its form takes no payment from now on. The
   * answer is the request's state after the call: 'cancelled' (or 'expired'),
   * or 'paid' when a payment got through first.
   */
  cancelPaymentRequest(requestId: string): Promise<GatewayPaymentRequest | null>;
  /**
   * Refunds a payment, in full or in part, in its currency. Idempotent on
   * `idempotencyKey`: asking again with it (a retry, reconciliation) answers
   * the same refund and never refunds twice. A refusal (more than is left of
   * the payment, an unknown payment, the key used for another refund) is a
   * PaymentGatewayError with the provider's 4xx status; a provider that
   * cannot be asked, one without a status.
   */
  refund(request: GatewayRefundRequest): Promise<GatewayRefund>;
  /** A refund as the provider has it now; null when it knows no refund by that id. */
  getRefund(id: string): Promise<GatewayRefund | null>;
  /** The provider's browser script: `SandboxPay.mount(container, { token, onMessage })`. */
  readonly scriptUrl: string;
  /** The provider's origin: the frame's messages come from it, so the page's CSP must allow it for scripts and frames. */
  readonly origin: string;
  /** A provider served on the site itself (the in-app sandbox): its script and origin for a page on `siteOrigin`, in place of the two above. */
  browserFor?(siteOrigin: string): ProviderInBrowser;
}

export interface ProviderInBrowser {
  scriptUrl: string;
  origin: string;
}

/** The payer as the provider prints them: the spec's account fields without the crm key (the booking decides that). */
export type GatewayPayer = Omit<PaymentAccount, 'crm_key'>;

export interface GatewayTokenRequest {
  /** Minor units, above zero; the provider receives major units with two decimals. */
  amount: number;
  currency: CurrencyCode;
  /** Our booking id: the provider files the payment under it and echoes it back in getPayment. */
  crmKey: string;
  instanceKey: string;
  theme: { primaryColour: string; width: string };
  /** An absolute URL, or a path on allowedOrigin ('/logo.svg'). */
  logo: string;
  payer: GatewayPayer;
  /** The origin of the page that mounts the form (the site's origin for the visitor's request); only it may frame the form and receive its messages. */
  allowedOrigin: string;
}

export interface GatewayToken {
  token: string;
  /** The provider's id of the payment request the token opens. */
  requestId: string;
  expiresAt: Date;
}

export type GatewayPaymentRequestStatus = 'open' | 'paid' | 'cancelled' | 'expired';

export interface GatewayPaymentRequest {
  id: string;
  status: GatewayPaymentRequestStatus;
  amountMinor: number;
  currency: CurrencyCode;
  crmKey: string;
  expiresAt: Date;
  /** The origin the request's form was opened for, when the provider tells; null otherwise. */
  allowedOrigin: string | null;
  payment: GatewayPayment | null;
}

export type GatewayPaymentStatus = 'succeeded' | 'declined';

export interface GatewayPayment {
  id: string;
  status: GatewayPaymentStatus;
  /** Minor units. */
  amountMinor: number;
  currency: CurrencyCode;
  crmKey: string;
  /** The payment request it was made through: what binds it to one of our requests, never its amount. */
  requestId: string;
  createdAt: Date;
  card: { brand: string; last4: string };
}

export interface GatewayRefundRequest {
  providerPaymentId: string;
  /** Minor units, above zero; the provider receives major units with two decimals. */
  amountMinor: number;
  /** The payment's currency. */
  currency: CurrencyCode;
  /** Ours, unique per refund: the provider refunds once per key. */
  idempotencyKey: string;
  reason: string;
}

/** pending: the provider has it and will say (a notification, or when asked again); succeeded: the money went back; failed: it did not. */
export type GatewayRefundStatus = 'pending' | 'succeeded' | 'failed';

export interface GatewayRefund {
  id: string;
  paymentId: string;
  status: GatewayRefundStatus;
  amountMinor: number;
  currency: CurrencyCode;
  /** Why a failed refund failed, in the provider's words. */
  failureReason: string | null;
  /** The key it was asked with, as the provider echoes it: how a notification finds a refund whose answer never reached us. */
  idempotencyKey: string | null;
  createdAt: Date;
}

/** A refusal of the provider's (4xx other than a refused key): the request itself cannot succeed, asking again changes nothing. */
export const isRefusal = (error: unknown): error is PaymentGatewayError =>
  error instanceof PaymentGatewayError && error.status !== undefined && error.status >= 400 && error.status < 500 && error.status !== 401 && error.status !== 403;

/**
 * The provider could not be asked or answered nonsense: unreachable, timed
 * out, refused our key, or a 5xx. Callers answer 502 SERVICE_FAILURE and
 * never guess; a 400 carries the provider's field messages (our bug).
 */
export class PaymentGatewayError extends Error {
  override name = 'PaymentGatewayError';
  constructor(
    message: string,
    readonly status?: number,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}
