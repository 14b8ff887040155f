import type { PostPaymentDetails } from '@tours/domain';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { GatewayPayment } from '../../adapters/payments/index.ts';
import type { Database } from '../../db/client.ts';
import { bookingsReadModel } from '../bookings/index.ts';
import { paymentsReadModel } from '../payments/index.ts';
import { serviceFailure } from '../../lib/http-error.ts';
import { parseOrigin } from '../../lib/origin.ts';
import { canonicalSiteUrl } from '../../lib/site-origin.ts';
import { isTransientDatabaseError, retryTransient } from '../../lib/pg-errors.ts';
import { runWorkflow, WorkflowError, type WorkflowStep } from '../../lib/workflow.ts';
import { applyAsFollowUp, applyPayment } from './apply-payment.ts';
import { PlacesGoneError } from './convert-holds.ts';
import { answerFor, ATTENTION_CODE } from './follow-up.ts';
import { recordPayment, type RecordedPayment } from './record-payment.ts';
import { verifyWithProvider } from './verify.ts';

/** Who brought the payment to us; all of them take the same path. */
export type SettlementSource = 'browser' | 'notification' | 'reconciliation';

/** The payment is recorded but could not be applied yet (the database failed for a moment): reconciliation finishes it. */
export const SETTLEMENT_PENDING = 'We have received your payment and are still confirming your booking. Please try again in a moment.';

export interface SettleProviderPayment {
  /** The provider's payment id. */
  providerPaymentId: string;
  /** The booking the caller speaks for (the browser's session); otherwise the provider's crm key decides. */
  bookingId?: number;
  source: SettlementSource;
  requestId: string;
  /** The site's origin of the visitor's request that brings the payment (lib/site-origin.ts); none for a notification or reconciliation. */
  siteOrigin?: string | null;
  /** The caller has just read that the payment is not applied yet (the notification route): it is not read again. */
  knownUnapplied?: boolean;
}

interface Settlement {
  bookingId: number | null;
  /** The origin the visitor paid from (visitorOriginOf), for the e-mail's links. */
  visitorOrigin?: string | null;
  payment?: GatewayPayment;
  recorded?: RecordedPayment;
  outcome?: PostPaymentDetails;
}

const actorOf = (source: SettlementSource) => (source === 'browser' ? 'visitor' : `system:${source}`);

/**
 * The single settlement path of a card payment. The browser's confirm call,
 * the provider's notification and reconciliation all come here, in any order
 * and at the same time: whichever comes first settles, the others find the
 * payment recorded and applied and get the same answer, and there is one
 * payment row (the booking row lock orders them; the unique provider payment
 * id is the last word). As a workflow of steps:
 *   verify  the provider says the payment succeeded, and for which booking and request;
 *   record  it is written to the booking's payments and committed, alone: the money is never lost;
 *   apply   the booking is confirmed, or the balance reduced, in one transaction.
 * Transient database failures are retried with backoff; one that outlasts the
 * retries leaves the payment recorded but unapplied, answers 503 (ask again)
 * and reconciliation applies it later. Only a business failure (the places
 * are gone) compensates the record step: the booking becomes Unconfirmed and
 * staff are told, never a refund or a delete.
 */
export async function settleProviderPayment(app: FastifyInstance, input: SettleProviderPayment): Promise<PostPaymentDetails> {
  // Settled already (the browser's confirm and the provider's notification of one payment both come, one after the
  // other): one read answers as the booking stands, with nothing asked of the provider and nothing written again.
  if (!input.knownUnapplied) {
    const settled = await bookingOfAppliedPayment(app.db, input.providerPaymentId).catch((error: unknown) => {
      // A passing failure here decides nothing: the whole path below handles it (retries, 503, reconciliation).
      if (isTransientDatabaseError(error)) return null;
      throw error;
    });
    // Applied to another booking than the caller's: the whole path refuses it as the provider's answer says.
    if (settled && (input.bookingId === undefined || settled.id === input.bookingId)) return answerFor(settled);
  }
  const actor = actorOf(input.source);
  const steps: WorkflowStep<Settlement>[] = [
    {
      name: 'verify',
      invoke: async (context) => {
        context.payment = await verifyWithProvider(app.adapters.payments, input.providerPaymentId, input.bookingId);
        context.bookingId = Number(context.payment.crmKey);
        context.visitorOrigin = await visitorOriginOf(app, input.siteOrigin ?? null, context.payment.requestId);
      },
    },
    {
      name: 'record',
      invoke: async (context) => {
        context.recorded = await retryTransient(async () => {
          await app.faults.fire(context.bookingId!, 'after-charge', app.db);
          return recordPayment(app.db, {
            bookingId: context.bookingId!,
            payment: context.payment!,
            provider: app.config.payments.provider,
            now: app.clock.databaseNow(),
            requestId: input.requestId,
            actor,
          });
        });
      },
      compensate: async (context, failure) => {
        // A passing failure is not the booking's fate: the payment stays recorded, unapplied, for reconciliation.
        if (isTransientDatabaseError(failure.cause) || !context.recorded) return;
        const cause = failure.cause;
        context.outcome = await retryTransient(() =>
          applyAsFollowUp(app.db, {
            ...settlementContext(app, input.requestId, context.visitorOrigin),
            bookingId: context.bookingId!,
            paymentId: context.recorded!.id,
            actor,
            reason: cause instanceof PlacesGoneError ? ATTENTION_CODE.placesGone : ATTENTION_CODE.failed,
            detail: { step: failure.step, error: cause instanceof Error ? `${cause.name}: ${cause.message}` : String(cause) },
          }),
        );
      },
    },
    {
      name: 'apply',
      invoke: async (context) => {
        context.outcome = await retryTransient(
          () => applyPayment(app.db, { ...settlementContext(app, input.requestId, context.visitorOrigin), bookingId: context.bookingId!, paymentId: context.recorded!.id, actor }),
          undefined,
          (error, attempt) => app.log.warn({ err: error, attempt, bookingId: context.bookingId }, 'settlement failed for a moment; retrying'),
        );
      },
    },
  ];

  const context: Settlement = { bookingId: input.bookingId ?? null };
  try {
    await runWorkflow(steps, context);
  } catch (error) {
    const cause = error instanceof WorkflowError ? error.cause : error;
    if (error instanceof WorkflowError && error.step === 'apply' && context.outcome) {
      const log = cause instanceof PlacesGoneError ? app.log.warn.bind(app.log) : app.log.error.bind(app.log);
      log({ err: cause, bookingId: context.bookingId, paymentId: context.recorded?.id }, 'booking paid but not confirmed: marked for staff follow-up');
      return context.outcome;
    }
    if (isTransientDatabaseError(cause)) {
      app.log.error({ err: cause, bookingId: context.bookingId, source: input.source }, 'settlement left to reconciliation after transient failures');
      throw serviceFailure(SETTLEMENT_PENDING, 503);
    }
    // Verifying failed (400 for a payment that proves nothing, 502 when the provider could not be asked): nothing changed.
    throw cause;
  }
  return context.outcome!;
}

/**
 * The booking a payment was applied to, as it stands now, or null when the
 * payment is not recorded or not applied yet. A payment is recorded only
 * after the provider said it succeeded for that booking, and applied once,
 * so a later call for it has nothing left to do but answer (answerFor, as the
 * apply step answers a replay).
 */
export async function bookingOfAppliedPayment(db: Database, providerPaymentId: string) {
  const { bookings } = bookingsReadModel;
  const { payments } = paymentsReadModel;
  const [booking] = await db
    .select({ id: bookings.id, status: bookings.status, reference: bookings.reference })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .where(and(eq(payments.providerPaymentId, providerPaymentId), isNotNull(payments.appliedAt)));
  return booking ?? null;
}

/**
 * Where the confirmation e-mail's links point. The site's own address
 * (PUBLIC_URL, else the first allowed origin) whenever it has one: an e-mail
 * is read later and elsewhere, and its links must never come from a
 * request's headers. A site that follows each request (development, a demo
 * at 127.0.0.1 or a LAN address) links to the origin the visitor paid from
 * (visitorOriginOf); without one, to the server's internal URL.
 * docs/decisions/0008-site-origin.md.
 */
export function settlementContext(app: FastifyInstance, requestId: string, visitorOrigin?: string | null) {
  const publicUrl = canonicalSiteUrl(app.config) ?? visitorOrigin ?? app.config.internalUrl;
  return { clock: app.clock, faults: app.faults, publicUrl, requestId, balanceDueDays: app.config.balances.dueDays };
}

/**
 * The origin the visitor paid from, for the e-mail's links on a site that
 * follows each request: their confirm call's, or for a notification or
 * reconciliation, which have no visitor, the origin the provider's form was
 * opened for (the payment request's allowed origin, which we gave the
 * provider). Only a link is at stake, so a provider that cannot say never
 * holds the settlement up. Not asked when the site has an address of its own.
 */
export async function visitorOriginOf(app: FastifyInstance, siteOrigin: string | null, providerRequestId: string | null): Promise<string | null> {
  if (siteOrigin || canonicalSiteUrl(app.config) || !providerRequestId) return siteOrigin;
  try {
    const request = await app.adapters.payments.getPaymentRequest(providerRequestId);
    return request?.allowedOrigin ? parseOrigin(request.allowedOrigin) : null;
  } catch (error) {
    app.log.warn({ err: error, providerRequestId }, 'could not read the origin the payment form was opened for; the e-mail links to the internal URL');
    return null;
  }
}
