import { resendBookingDocument, resendConfirmationEmail, resolveBookingFlag, updateStaffCorrespondence, updateStaffPassenger } from '@tours/domain';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/register-endpoint.ts';
import { notFound } from '../../lib/http-error.ts';
import { correspondenceOf, passengerOf, presentCorrespondence, presentPassenger } from '../bookings/index.ts';
import { NO_SUCH_BOOKING, staffDecision } from './booking.ts';
import { NO_SUCH_PASSENGER, resendConfirmation, resendDocument, saveCorrespondenceForCustomer, savePassengerForCustomer, type Queued } from './care.ts';
import { resolveFlag } from './decisions.ts';
import { idempotentRequest, runOnce } from './idempotent.ts';

const queuedAnswer = (queued: Queued) => ({ data: { message_id: queued.messageId, to: queued.to, subject: queued.subject, queued_at: queued.queuedAt } });

/** Looking after a booking for its customer: passengers' details, correspondence, e-mails sent again, flags (issue 26). */
export async function bookingCareRoutes(app: FastifyInstance) {
  registerEndpoint(app, updateStaffPassenger, async (request) => {
    const once = idempotentRequest(request, updateStaffPassenger);
    const { reason, ...update } = request.body;
    const { booking: bookingId, passenger: passengerId } = request.params;
    await runOnce(app, once, async (tx) => {
      const saved = await savePassengerForCustomer(tx, { bookingId, passengerId, update, reason, staffMemberId: once.staffMemberId, requestId: request.id, now: app.clock.now() });
      return { passengerId: saved.id };
    });
    // The passenger as saved (or as it stands, on a replay).
    const row = await passengerOf(app.db, bookingId, passengerId);
    if (!row) throw notFound(NO_SUCH_PASSENGER);
    return { data: presentPassenger(row) };
  });

  registerEndpoint(app, updateStaffCorrespondence, async (request) => {
    const once = idempotentRequest(request, updateStaffCorrespondence);
    const bookingId = request.params.booking;
    await runOnce(app, once, async (tx) => {
      await saveCorrespondenceForCustomer(tx, { bookingId, choice: request.body.correspondence, reason: request.body.reason, staffMemberId: once.staffMemberId, requestId: request.id, now: app.clock.now() });
      return { bookingId };
    });
    const stored = await correspondenceOf(app.db, bookingId);
    if (stored === undefined) throw notFound(NO_SUCH_BOOKING);
    // Saved a moment ago (or on the first request with this key): never null here.
    return { data: presentCorrespondence(stored)! };
  });

  registerEndpoint(
    app,
    resendConfirmationEmail,
    async (request) => {
      const once = idempotentRequest(request, resendConfirmationEmail);
      const decision = staffDecision(app, request);
      const { result } = await runOnce(app, once, (tx) => resendConfirmation(tx, { bookingId: request.params.booking, decision, reason: request.body.reason, key: once.key, now: app.clock.now() }));
      return queuedAnswer(result);
    },
    { status: 201 },
  );

  registerEndpoint(
    app,
    resendBookingDocument,
    async (request) => {
      const once = idempotentRequest(request, resendBookingDocument);
      const decision = staffDecision(app, request);
      const { result } = await runOnce(app, once, (tx) =>
        resendDocument(tx, { bookingId: request.params.booking, documentId: request.params.document, decision, reason: request.body.reason, key: once.key, now: app.clock.now() }),
      );
      return queuedAnswer(result);
    },
    { status: 201 },
  );

  registerEndpoint(app, resolveBookingFlag, async (request) => {
    const once = idempotentRequest(request, resolveBookingFlag);
    const bookingId = request.params.booking;
    const { result } = await runOnce(app, once, (tx) => resolveFlag(tx, { bookingId, staffMemberId: once.staffMemberId, reason: request.body.reason, requestId: request.id, now: app.clock.now() }));
    return { data: { booking_id: bookingId, needs_attention: false, resolved: result.resolved } };
  });
}
