import type { CurrencyCode, PostPaymentDetails } from '@tours/domain';
import type { FastifyInstance } from 'fastify';
import type { GatewayPayment } from '../../adapters/payments/index.ts';
import { validationFailed } from '../../lib/http-error.ts';
import { runWorkflow, WorkflowError, type WorkflowStep } from '../../lib/workflow.ts';
import type { BookingSession } from '../bookings/session.ts';
import { PlacesGoneError } from './convert-holds.ts';
import { ATTENTION, flagForFollowUp } from './follow-up.ts';
import { recordPayment, type RecordedPayment } from './record-payment.ts';
import { settleBooking } from './settle.ts';
import { verifyWithProvider } from './verify.ts';

/**
 * How long after its booking token expired POST /bookings/confirm still
 * accepts it. The card can be charged in the last seconds of a session (the
 * provider's form lives on its own clock), and the confirmation that follows
 * must still attach the money to its booking rather than answer 401 and leave
 * it stranded. A day covers a payer who closed the tab and a client that
 * retries later; everything else the token opened stays closed.
 */
export const CONFIRM_GRACE_SECONDS = 24 * 60 * 60;

interface Confirmation {
  session: BookingSession;
  paymentId: string;
  requestId: string;
  payment?: GatewayPayment;
  recorded?: RecordedPayment | null;
  outcome?: PostPaymentDetails;
}

/**
 * POST /bookings/confirm as a workflow of steps with compensation:
 *   verify  the provider says the payment succeeded, for this booking;
 *   record  it is written to the booking's payments and committed, alone;
 *   settle  holds become sales, the booking is confirmed with a reference
 *           and the confirmation e-mail is queued, in one transaction.
 * When settling fails (the places went while the holds had lapsed, a fault)
 * its transaction rolls back and the record step is compensated: not by
 * refunding or deleting (money is never lost), but by marking the booking
 * for staff, so the answer is 'unconfirmed'. Every answer after the record
 * step is read from the booking as it stands, which makes the call
 * idempotent: the same payment confirmed again answers the same.
 */
export async function confirmPayment(
  app: FastifyInstance,
  input: { session: BookingSession; paymentId: string; currency: CurrencyCode; requestId: string },
): Promise<PostPaymentDetails> {
  const { session } = input;
  if (input.currency !== session.currency) throw validationFailed({ currency: `This booking is paid in ${session.currency}.` });
  const bookingId = session.bookingId;

  const steps: WorkflowStep<Confirmation>[] = [
    {
      name: 'verify',
      invoke: async (context) => {
        context.payment = await verifyWithProvider(app.adapters.payments, context.paymentId, bookingId);
      },
    },
    {
      name: 'record',
      invoke: async (context) => {
        context.recorded = await recordPayment(app.db, {
          bookingId,
          payment: context.payment!,
          provider: app.config.payments.provider,
          now: app.clock.now(),
          requestId: context.requestId,
        });
      },
      compensate: async (context, failure) => {
        const cause = failure.cause;
        context.outcome = await app.db.transaction((tx) =>
          flagForFollowUp(tx, {
            bookingId,
            reason: cause instanceof PlacesGoneError ? ATTENTION.placesGone : ATTENTION.failed,
            paymentId: context.recorded?.id ?? null,
            detail: { step: failure.step, error: cause instanceof Error ? `${cause.name}: ${cause.message}` : String(cause) },
            requestId: context.requestId,
            unlessConfirmed: true,
          }),
        );
      },
    },
    {
      name: 'settle',
      invoke: async (context) => {
        context.outcome = await settleBooking(app.db, {
          bookingId,
          recorded: context.recorded ?? null,
          clock: app.clock,
          faults: app.faults,
          publicUrl: app.config.publicUrl,
          requestId: context.requestId,
        });
      },
    },
  ];

  const context: Confirmation = { session, paymentId: input.paymentId, requestId: input.requestId };
  try {
    await runWorkflow(steps, context);
  } catch (error) {
    // The money is recorded and the booking marked for staff: the client shows the unconfirmed screen.
    if (error instanceof WorkflowError && error.step === 'settle' && context.outcome) {
      const log = error.cause instanceof PlacesGoneError ? app.log.warn.bind(app.log) : app.log.error.bind(app.log);
      log({ err: error.cause, bookingId, paymentId: context.recorded?.id }, 'booking paid but not confirmed: marked for staff follow-up');
      return context.outcome;
    }
    // Verifying or recording failed: nothing was changed, and the caller's error (400, 502) stands.
    throw error instanceof WorkflowError ? error.cause : error;
  }
  return context.outcome!;
}
