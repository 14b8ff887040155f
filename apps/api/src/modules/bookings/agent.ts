import { awaitsSettlement } from '@tours/domain';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { conflict, notFound } from '../../lib/http-error.ts';
import { bookings } from './schema.ts';

/**
 * The travel agent and staff member registered on a booking (spec section
 * 4, 'Agent bookings'): modules/agent-bookings checks the verification and
 * asks for these writes; the booking keeps who made it.
 */

export const BOOKING_SETTLED = 'This booking is already confirmed: its travel agent can no longer be changed.';

export interface AgentOnBooking {
  id: number;
  agentId: number | null;
  agentStaffId: number | null;
}

/** The booking row, locked for the change: registrations and confirmation of one booking take turns. A settled booking is refused. */
export async function lockBookingForAgent(tx: Database, bookingId: number): Promise<AgentOnBooking> {
  const [booking] = await tx
    .select({ id: bookings.id, status: bookings.status, reference: bookings.reference, agentId: bookings.agentId, agentStaffId: bookings.agentStaffId })
    .from(bookings)
    .where(eq(bookings.id, bookingId))
    .for('update');
  if (!booking) throw notFound('The booking no longer exists.');
  if (!awaitsSettlement(booking)) throw conflict(BOOKING_SETTLED);
  return booking;
}

/**
 * Registers the agent on the booking. Another agent's staff member cannot
 * stay on it (bookings_agent_staff_fk): it is cleared, to be registered again.
 */
export async function registerAgentOnBooking(tx: Database, booking: AgentOnBooking, agentId: number): Promise<{ staffCleared: boolean }> {
  const sameAgent = booking.agentId === agentId;
  await tx
    .update(bookings)
    .set(sameAgent ? { agentId } : { agentId, agentStaffId: null })
    .where(eq(bookings.id, booking.id));
  return { staffCleared: !sameAgent && booking.agentStaffId !== null };
}

/** Registers the staff member (of the booking's agent) on the booking. */
export async function registerStaffOnBooking(tx: Database, bookingId: number, staffId: number): Promise<void> {
  await tx.update(bookings).set({ agentStaffId: staffId }).where(eq(bookings.id, bookingId));
}

/** The agent and staff member registered on the booking, as its row says now. */
export async function agentOfBooking(db: Database, bookingId: number): Promise<{ agentId: number | null; agentStaffId: number | null } | null> {
  const [row] = await db.select({ agentId: bookings.agentId, agentStaffId: bookings.agentStaffId }).from(bookings).where(eq(bookings.id, bookingId));
  return row ?? null;
}
