import type { PaymentPurpose, PaymentToken } from '@tours/domain';
import { PaymentGatewayError, type GatewayTokenRequest, type PaymentGateway, type ProviderInBrowser } from '../../adapters/payments/index.ts';
import type { Database } from '../../db/client.ts';
import { serviceFailure } from '../../lib/http-error.ts';
import { recordAudit } from '../audit/index.ts';
import { insertIntent } from './intents.ts';

export interface OpenProviderRequest {
  gateway: PaymentGateway;
  /** What the provider is asked to open: the amount and crm key are the server's own, already checked. */
  request: GatewayTokenRequest;
  bookingId: number;
  purpose: PaymentPurpose;
  provider: string;
  browser: ProviderInBrowser;
  now: Date;
  requestId: string;
  /** Who asked, for the audit log. */
  actor: string;
  /** More to do in the intent's transaction, knowing when the form stops taking payments. */
  withIntent?: (tx: Database, expiresAt: Date) => Promise<void>;
}

/**
 * The part every card payment request shares, the booking flow's and the
 * account area's: the provider opens the request (502 when it cannot be
 * reached), and the intent is recorded with its audit row, so the payment
 * that comes through it is known as one we asked for, for this amount and purpose.
 */
export async function openProviderRequest(db: Database, input: OpenProviderRequest): Promise<PaymentToken> {
  const { request, now } = input;
  let token;
  try {
    token = await input.gateway.createToken(request);
  } catch (error) {
    if (error instanceof PaymentGatewayError) throw serviceFailure('The card payment service is not available. Please try again shortly.', 502);
    throw error;
  }

  await db.transaction(async (tx) => {
    const intent = await insertIntent(tx, {
      bookingId: input.bookingId,
      currency: request.currency,
      amount: request.amount,
      purpose: input.purpose,
      provider: input.provider,
      token: token.token,
      providerRequestId: token.requestId,
      expiresAt: token.expiresAt,
      createdAt: now,
    });
    await input.withIntent?.(tx, token.expiresAt);
    await recordAudit(tx, {
      actor: input.actor,
      action: 'payment.intent_created',
      entityType: 'payment_intent',
      entityId: intent.id,
      bookingId: input.bookingId,
      requestId: input.requestId,
      detail: { amount: request.amount, currency: request.currency, purpose: input.purpose, providerRequestId: token.requestId, expiresAt: token.expiresAt.toISOString() },
    });
  });

  return {
    token: token.token,
    script_url: input.browser.scriptUrl,
    origin: input.browser.origin,
    expires_at: token.expiresAt.toISOString(),
  };
}

