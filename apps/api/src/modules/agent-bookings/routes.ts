import { awaitsSettlement, confirmAgentBooking, registerAgent, registerAgentStaff } from '@tours/domain';
import type { FastifyInstance } from 'fastify';
import { conflict, forbidden } from '../../lib/http-error.ts';
import { registerEndpoint } from '../../lib/register-endpoint.ts';
import { siteOriginOrNull } from '../../lib/site-origin.ts';
import { agentActor, findAgentAndStaff, normaliseAgentCode, presentAgent, presentStaff, requireVerification } from '../agents/index.ts';
import { recordAudit } from '../audit/index.ts';
import { agentOfBooking, lockBookingForAgent, registerAgentOnBooking, registerStaffOnBooking, sessionOf } from '../bookings/index.ts';
import { confirmWithoutPayment, type UnpaidConfirmationCheck } from '../confirmation/index.ts';

export const AGENT_FIRST = 'Register the travel agent on this booking first.';
export const NOT_THIS_AGENT = 'This verification is for another travel agent.';
export const NOT_THIS_STAFF = 'This verification is for another staff member.';
export const STAFF_OF_ANOTHER_AGENT = 'This staff member does not belong to the travel agent registered on this booking.';
export const NO_VERIFIED_AGENT =
  'Only a booking made by a verified travel agent and staff member can be confirmed without payment. Please verify your agent details first.';
export const AGENT_INACTIVE = 'The travel agent or staff member on this booking can no longer make bookings. Please contact us.';

/**
 * A travel agent's calls on a booking (spec section 4, 'Agent bookings'):
 * the verified agent, then the verified staff member, are registered on it,
 * which makes it an agent booking; then it is confirmed without payment, the
 * balance being the agent's to settle. Each call needs the booking's token
 * (the 'booking' guard) and, to register, a verification naming whom it
 * registers (docs/decisions/0013-agent-verification.md). The agents module
 * checks the verification, the bookings module writes the registration and
 * settlement confirms: this module owns no table.
 */
export async function agentBookingRoutes(app: FastifyInstance) {
  registerEndpoint(app, registerAgent, async (request) => {
    const session = sessionOf(request);
    const verified = await requireVerification(app.db, request.body.verification, app.clock.now());
    if (verified.agent.code !== normaliseAgentCode(request.body.id)) throw forbidden(NOT_THIS_AGENT);
    await app.db.transaction(async (tx) => {
      const booking = await lockBookingForAgent(tx, session.bookingId);
      // Another agent's staff member cannot stay on the booking (bookings_agent_staff_fk): it is cleared, to be registered again.
      const { staffCleared } = await registerAgentOnBooking(tx, booking, verified.agent.id);
      await recordAudit(tx, {
        actor: agentActor(verified.agent.code, verified.staff.id),
        action: 'booking.agent_registered',
        entityType: 'booking',
        entityId: booking.id,
        bookingId: booking.id,
        requestId: request.id,
        detail: { agentId: verified.agent.id, agentCode: verified.agent.code, previousAgentId: booking.agentId, staffCleared },
      });
    });
    return { data: presentAgent(verified.agent) };
  });

  registerEndpoint(app, registerAgentStaff, async (request) => {
    const session = sessionOf(request);
    const verified = await requireVerification(app.db, request.body.verification, app.clock.now());
    if (verified.staff.id !== request.body.id) throw forbidden(NOT_THIS_STAFF);
    await app.db.transaction(async (tx) => {
      const booking = await lockBookingForAgent(tx, session.bookingId);
      if (booking.agentId === null) throw conflict(AGENT_FIRST);
      if (booking.agentId !== verified.agent.id) throw forbidden(STAFF_OF_ANOTHER_AGENT);
      await registerStaffOnBooking(tx, booking.id, verified.staff.id);
      await recordAudit(tx, {
        actor: agentActor(verified.agent.code, verified.staff.id),
        action: 'booking.agent_staff_registered',
        entityType: 'booking',
        entityId: booking.id,
        bookingId: booking.id,
        requestId: request.id,
        detail: { agentId: verified.agent.id, agentCode: verified.agent.code, staffId: verified.staff.id, previousStaffId: booking.agentStaffId },
      });
    });
    return { data: presentStaff(verified.staff) };
  });

  registerEndpoint(app, confirmAgentBooking, async (request) => {
    const session = sessionOf(request);
    // Runs with the booking row locked, inside the confirming transaction: a replayed or racing call finds the booking settled and is answered as it stands.
    const authorise: UnpaidConfirmationCheck = async (tx, booking) => {
      const row = await agentOfBooking(tx, booking.id);
      const registered = row?.agentId != null && row.agentStaffId != null ? await findAgentAndStaff(tx, row.agentId, row.agentStaffId) : null;
      if (!registered?.staff) throw conflict(NO_VERIFIED_AGENT);
      const { agent, staff } = registered;
      const actor = agentActor(agent.code, staff.id);
      if (!awaitsSettlement(booking)) return actor;
      if (!agent.active || !staff.active) throw forbidden(AGENT_INACTIVE);
      await recordAudit(tx, {
        actor,
        action: 'booking.agent_confirmed',
        entityType: 'booking',
        entityId: booking.id,
        bookingId: booking.id,
        requestId: request.id,
        detail: { agentId: agent.id, agentCode: agent.code, agentName: agent.name, staffId: staff.id, staffName: staff.name, agentTermsAccepted: request.body.agent_terms_accepted },
      });
      return actor;
    };
    const outcome = await confirmWithoutPayment(app, { bookingId: session.bookingId, requestId: request.id, siteOrigin: siteOriginOrNull(request), authorise });
    return { data: outcome };
  });
}
