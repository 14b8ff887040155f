import type { AttentionCode, QuoteReason, StaffQueue } from '@tours/domain';
import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { agentsReadModel } from '../agents/index.ts';
import { auditReadModel } from '../audit/index.ts';
import { bookingsReadModel, listComponents } from '../bookings/index.ts';
import { balanceDueDateSql, catalogueReadModel } from '../catalogue/index.ts';
import { customersReadModel } from '../customers/index.ts';
import { documentRows } from '../documents/index.ts';
import { mailReadModel } from '../mail/index.ts';
import { paymentsWithRefunds } from '../payments/index.ts';
import { staffReadModel } from '../staff/index.ts';
import { moneyOfOneBooking } from './money.ts';
import { queueFlagsSql, type QueueDay } from './queues.ts';
import { bookingNotes } from './schema.ts';

const { bookings, bookingPassengers } = bookingsReadModel;
const { departures, tours } = catalogueReadModel;
const { customers } = customersReadModel;
const { agents, agentStaff } = agentsReadModel;
const { outboxMessages } = mailReadModel;
const { auditLog } = auditReadModel;
const { staffMembers } = staffReadModel;

/** The most history a booking's page shows: the newest entries. A booking has tens. */
export const HISTORY_LIMIT = 500;

/** The booking itself: its departure and tour, customer, agent, attention, flags and balance due date; one statement. */
async function readHead(db: Database, bookingId: number, day: QueueDay) {
  const [head] = await db
    .select({
      id: bookings.id,
      reference: bookings.reference,
      status: bookings.status,
      currency: bookings.currency,
      createdAt: bookings.createdAt,
      confirmedDate: bookings.confirmedDate,
      correspondence: bookings.correspondence,
      needsAttention: bookings.needsAttention,
      attentionCode: sql<AttentionCode | null>`${bookings.attentionCode}`,
      quoteReason: sql<QuoteReason | null>`${bookings.quoteReason}`,
      tourId: tours.id,
      tourCode: tours.code,
      tourName: tours.name,
      brandChannel: tours.brandChannel,
      depositPercent: bookings.depositPercent,
      departureId: departures.id,
      startDate: departures.startDate,
      endDate: departures.endDate,
      balanceDueDate: sql<string>`cast(${balanceDueDateSql(day.balanceDueDays)} as text)`,
      customerId: customers.id,
      customerEmail: customers.email,
      customerName: sql<string | null>`nullif(btrim(concat_ws(' ', ${customers.title}, ${customers.forename}, ${customers.surname})), '')`,
      agentCode: agents.code,
      agentName: agents.name,
      agentStaffName: agentStaff.name,
      agentStaffEmail: agentStaff.email,
      flags: queueFlagsSql(day, moneyOfOneBooking()),
    })
    .from(bookings)
    .innerJoin(departures, eq(departures.id, bookings.departureId))
    .innerJoin(tours, eq(tours.id, departures.tourId))
    .leftJoin(customers, eq(customers.id, bookings.customerId))
    .leftJoin(agents, eq(agents.id, bookings.agentId))
    .leftJoin(agentStaff, eq(agentStaff.id, bookings.agentStaffId))
    .where(eq(bookings.id, bookingId));
  return head ? { ...head, flags: head.flags as StaffQueue[] } : null;
}

const passengersOf = (db: Database, bookingId: number) =>
  db.select().from(bookingPassengers).where(eq(bookingPassengers.bookingId, bookingId)).orderBy(asc(bookingPassengers.position));
export type PassengerRecord = Awaited<ReturnType<typeof passengersOf>>[number];

/** The e-mails about the booking, newest first, without their bodies (GET …/messages/:message reads one). */
const messagesOf = (db: Database, bookingId: number) =>
  db
    .select({
      id: outboxMessages.id,
      to: outboxMessages.toAddress,
      cc: outboxMessages.ccAddress,
      subject: outboxMessages.subject,
      status: outboxMessages.status,
      attempts: outboxMessages.attempts,
      lastError: outboxMessages.lastError,
      createdAt: outboxMessages.createdAt,
      sentAt: outboxMessages.sentAt,
    })
    .from(outboxMessages)
    .where(eq(outboxMessages.bookingId, bookingId))
    .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id));

/** Who did what to the booking, oldest first, with the staff member's name for staff entries. */
const historyOf = async (db: Database, bookingId: number) => {
  const rows = await db
    .select({
      id: auditLog.id,
      occurredAt: auditLog.occurredAt,
      actor: auditLog.actor,
      action: auditLog.action,
      reason: auditLog.reason,
      before: auditLog.before,
      after: auditLog.after,
      detail: auditLog.detail,
      staffName: staffMembers.name,
    })
    .from(auditLog)
    .leftJoin(staffMembers, eq(staffMembers.id, auditLog.staffMemberId))
    .where(eq(auditLog.bookingId, bookingId))
    .orderBy(desc(auditLog.occurredAt), desc(auditLog.id))
    .limit(HISTORY_LIMIT);
  return rows.reverse();
};
export type HistoryRecord = Awaited<ReturnType<typeof historyOf>>[number];

const notesOf = (db: Database, bookingId: number) =>
  db
    .select({ id: bookingNotes.id, text: bookingNotes.text, createdAt: bookingNotes.createdAt, authorId: staffMembers.id, authorName: staffMembers.name })
    .from(bookingNotes)
    .innerJoin(staffMembers, eq(staffMembers.id, bookingNotes.staffMemberId))
    .where(eq(bookingNotes.bookingId, bookingId))
    .orderBy(desc(bookingNotes.createdAt), desc(bookingNotes.id));
export type NoteRecord = Awaited<ReturnType<typeof notesOf>>[number];

/**
 * Everything a booking's page shows, in eight statements whatever the
 * booking holds (the head, then its passengers, lines, payments, documents,
 * e-mails, history and notes side by side); null when there is no such booking.
 */
export async function readBookingPage(db: Database, bookingId: number, day: QueueDay) {
  const [head, passengers, components, payments, documents, messages, history, notes] = await Promise.all([
    readHead(db, bookingId, day),
    passengersOf(db, bookingId),
    listComponents(db, bookingId),
    paymentsWithRefunds(db, bookingId),
    documentRows(db, bookingId),
    messagesOf(db, bookingId),
    historyOf(db, bookingId),
    notesOf(db, bookingId),
  ]);
  if (!head) return null;
  return { head, passengers, components, payments, documents, messages, history, notes };
}
export type BookingPageRecord = NonNullable<Awaited<ReturnType<typeof readBookingPage>>>;

/** One e-mail about the booking, with its text; null when it is not this booking's. */
export async function readBookingMessage(db: Database, bookingId: number, messageId: number) {
  const [message] = await db.select().from(outboxMessages).where(eq(outboxMessages.id, messageId));
  return message && message.bookingId === bookingId ? message : null;
}
