import {
  amountToPay,
  awaitsSettlement,
  depositOffered,
  formatAmount,
  fromProviderAmount,
  isPermittedAmount,
  type PaymentOption,
  type PaymentPurpose,
  type PaymentToken,
  type paymentTokenRequestSchema,
} from '@tours/domain';
import { and, eq, gt, lt } from 'drizzle-orm';
import { allocations } from '../../db/schema/index.ts';
import type { z } from 'zod';
import { PaymentGatewayError, type GatewayTokenRequest, type PaymentGateway, type ProviderInBrowser } from '../../adapters/payments/index.ts';
import type { Database } from '../../db/client.ts';
import { recordAudit } from '../audit/index.ts';
import { sqlInstant, type Instant } from '../../lib/clock.ts';
import { conflict, notFound, serviceFailure, validationFailed } from '../../lib/http-error.ts';
import { lockBooking } from '../bookings/repository.ts';
import type { BookingSession } from '../bookings/session.ts';
import { bookingTotals, hasLiveSelections } from '../bookings/totals.ts';
import { insertIntent } from './intents.ts';
import { checkPayer, isAcceptableLogo } from './payer.ts';

export const NOTHING_TO_PAY = 'Choose your travel arrangements first: this booking has nothing to pay for yet.';

export interface OpenPayment {
  session: BookingSession;
  body: z.output<typeof paymentTokenRequestSchema>;
  gateway: PaymentGateway;
  provider: string;
  /** The site's origin for the visitor's request: the page that frames the form (lib/site-origin.ts). */
  allowedOrigin: string;
  /** Where that page loads the provider's script from (PaymentGateway.browserFor). */
  browser: ProviderInBrowser;
  now: Date;
  /** The database's 'now' (Clock.databaseNow()), which holds are judged by. */
  databaseNow: Instant;
  requestId: string;
}

/**
 * Opens a card payment for the booking: checks the amount against what the
 * booking costs now (the deposit on offer, or the full amount with any
 * promotion already deducted), asks the provider for a token bound to our
 * booking id, that amount and currency, and records the intent so that
 * confirmation can tell a payment we asked for from any other.
 */
export async function openPayment(db: Database, input: OpenPayment): Promise<PaymentToken> {
  const { session, body, now } = input;
  const fields: Record<string, string> = {};
  if (body.currency !== session.currency) fields.currency = `This booking is priced in ${session.currency}: pay in ${session.currency}.`;
  if (!isAcceptableLogo(body.logo)) fields.logo = 'Use a path such as /logo.svg or an http(s) address';
  if (body.instance_key.length > 100) fields.instance_key = 'The maximum length allowed is 100';
  const { payer, fields: payerFields } = checkPayer(body.account);
  Object.assign(fields, payerFields);
  if (Object.keys(fields).length > 0) throw validationFailed(fields);

  // Read under the booking's lock, so a promotion or new selections being saved cannot change the total halfway.
  const { amount, option } = await db.transaction(async (tx) => {
    const booking = await lockBooking(tx, session.bookingId);
    if (!booking) throw notFound('The booking no longer exists.');
    if (!awaitsSettlement(booking)) throw conflict(`This booking is ${booking.status}: there is nothing more to pay here.`);
    if (!(await hasLiveSelections(tx, session.bookingId, input.databaseNow))) throw validationFailed({ amount: NOTHING_TO_PAY });
    const { details, promotionActive } = await bookingTotals(tx, session.bookingId, session.currency, session.brandChannel);
    if (!isPermittedAmount(body.amount, details, promotionActive)) {
      const full = formatAmount(amountToPay(details, 'full', promotionActive), session.currency, { pence: 'always' });
      const allowed = depositOffered(details, promotionActive)
        ? `the deposit of ${formatAmount(details.deposit.value, session.currency, { pence: 'always' })} or the full amount of ${full}`
        : `the full amount of ${full}`;
      throw validationFailed({ amount: `This booking can be paid with ${allowed}.` });
    }
    const value = fromProviderAmount(body.amount)!;
    const paying: PaymentOption = depositOffered(details, promotionActive) && value === details.deposit.value ? 'deposit' : 'full';
    return { amount: value, option: paying };
  });

  return openProviderRequest(db, {
    gateway: input.gateway,
    request: {
      amount,
      currency: session.currency,
      // Our booking id, whatever the browser sent: confirmation checks the provider echoes it back.
      crmKey: String(session.bookingId),
      instanceKey: body.instance_key,
      theme: { primaryColour: body.theme.primary_colour, width: body.theme.width },
      logo: body.logo,
      payer,
      allowedOrigin: input.allowedOrigin,
    },
    bookingId: session.bookingId,
    purpose: option,
    provider: input.provider,
    browser: input.browser,
    now,
    requestId: input.requestId,
    actor: 'visitor',
    // The places stay held while the form can take money, so a payment never arrives for places already given away.
    withIntent: async (tx, expiresAt) => {
      await tx
        .update(allocations)
        .set({ expiresAt, updatedAt: now })
        .where(and(eq(allocations.bookingId, session.bookingId), eq(allocations.state, 'held'), gt(allocations.expiresAt, sqlInstant(input.databaseNow)), lt(allocations.expiresAt, expiresAt)));
    },
  });
}

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

