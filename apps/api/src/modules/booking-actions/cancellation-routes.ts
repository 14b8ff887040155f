import {
  cancelStaffBooking,
  confirmOptionalBooking,
  confirmUnconfirmedBooking,
  declineOptionalBooking,
  getCancellationPreview,
  minor,
  refundUnconfirmedBooking,
  type CancellationResult,
  type Endpoint,
} from '@tours/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { registerEndpoint } from '../../lib/register-endpoint.ts';
import type { Ending } from '../confirmation/index.ts';
import { cancelWithdrawnRequests, refundsByIds } from '../payments/index.ts';
import { lockStaffBooking, readStaffBooking, staffDecision } from './booking.ts';
import { endBooking, figuresOf, presentPreview, refuseEnding, type Ended } from './cancellation.ts';
import { confirmByStaff, placesGoneAnswer } from './decisions.ts';
import { idempotentRequest, runOnce } from './idempotent.ts';
import { sendPendingRefunds } from './refunds.ts';

/** Ending a booking and the decisions on bookings the site could not settle alone (issue 26). */
export async function bookingDecisionRoutes(app: FastifyInstance) {
  const schedule = app.config.cancellation.schedule;

  registerEndpoint(app, getCancellationPreview, async (request) => {
    const booking = await readStaffBooking(app.db, request.params.booking);
    refuseEnding(booking, 'cancelled');
    return { data: presentPreview(booking, await figuresOf(app.db, booking, { ending: 'cancelled', schedule, now: app.clock.now(), lock: false })) };
  });

  /** The booking ended as the request asks; once committed, its card refunds and withdrawn card forms go to the provider. */
  async function end(request: FastifyRequest<{ Params: { booking: number }; Body: { reason: string; expected?: { charge: number; refund: number } } }>, endpoint: Endpoint, ending: Ending) {
    const once = idempotentRequest(request, endpoint);
    const decision = staffDecision(app, request);
    const bookingId = request.params.booking;
    const { result } = await runOnce(app, once, async (tx): Promise<Ended> =>
      endBooking(tx, {
        booking: await lockStaffBooking(tx, bookingId),
        ending,
        expected: request.body.expected,
        schedule,
        reason: request.body.reason,
        staffMemberId: decision.staffMemberId,
        key: once.key,
        publicUrl: decision.publicUrl,
        requestId: request.id,
        now: app.clock.now(),
      }),
    );
    await cancelWithdrawnRequests(app, bookingId);
    await sendPendingRefunds(app, result.refundIds, request.id);
    const [booking, refunds] = await Promise.all([readStaffBooking(app.db, bookingId), refundsByIds(app.db, result.refundIds)]);
    const answer: CancellationResult = {
      booking_id: bookingId,
      status: booking.status,
      charge: { value: minor(result.charge), currency: result.currency },
      refund: { value: minor(result.refund), currency: result.currency },
      refunds,
      email_queued: result.emailQueued,
    };
    return { data: answer };
  }

  registerEndpoint(app, cancelStaffBooking, (request) => end(request, cancelStaffBooking, 'cancelled'));
  registerEndpoint(app, declineOptionalBooking, (request) => end(request, declineOptionalBooking, 'declined'));
  registerEndpoint(app, refundUnconfirmedBooking, (request) => end(request, refundUnconfirmedBooking, 'unconfirmed-refunded'));

  for (const [endpoint, kind] of [
    [confirmOptionalBooking, 'optional'],
    [confirmUnconfirmedBooking, 'unconfirmed'],
  ] as const) {
    registerEndpoint(app, endpoint, async (request) => {
      const once = idempotentRequest(request, endpoint);
      const decision = staffDecision(app, request);
      const bookingId = request.params.booking;
      const { result } = await runOnce(app, once, (tx) => confirmByStaff(tx, kind, { bookingId, decision, reason: request.body.reason })).catch(async (error: unknown) => {
        throw await placesGoneAnswer(app.db, bookingId, error);
      });
      const booking = await readStaffBooking(app.db, bookingId);
      return { data: { booking_id: bookingId, reference: result.reference, status: booking.status, email_queued: result.emailQueued } };
    });
  }
}
