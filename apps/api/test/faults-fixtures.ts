import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { signNotification, SIGNATURE_HEADER } from '../src/adapters/payments/wire.ts';
import type { Database } from '../src/db/client.ts';
import { allocations, auditLog, bookings, departures, outboxMessages, payEvents, payments, payPayments } from '../src/db/schema/index.ts';

/**
 * The Faults and Idempotency suites' shared reading of what one booking's
 * settlement left behind, straight from the database (ours and the sandbox
 * provider's tables, which share it), and the provider's notification of a
 * payment as the provider sends it.
 */

/** Everything the invariants speak of, for one booking. */
export async function settlementOf(db: Database, bookingId: number) {
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
  const [recorded, charged, held, mails, audit] = await Promise.all([
    db.select().from(payments).where(eq(payments.bookingId, bookingId)).orderBy(asc(payments.id)),
    // The provider's side: every capture it made for this booking (its crm key is our booking id).
    db.select().from(payPayments).where(and(eq(payPayments.crmKey, String(bookingId)), eq(payPayments.status, 'succeeded'))),
    db.select({ state: allocations.state }).from(allocations).where(eq(allocations.bookingId, bookingId)),
    db.select().from(outboxMessages).where(eq(outboxMessages.bookingId, bookingId)),
    db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.bookingId, bookingId)),
  ]);
  const count = (action: string) => audit.filter((row) => row.action === action).length;
  return {
    booking: booking!,
    recorded,
    charged,
    states: held.map((row) => row.state),
    mails,
    audit: { confirmed: count('booking.confirmed'), recorded: count('payment.recorded'), flagged: count('booking.needs_attention') },
  };
}

/**
 * The booking paid once and confirmed once: one capture at the provider, and
 * that capture recorded once, attached and applied; a reference; every unit
 * sold; one confirmation e-mail; one audit entry for the payment and one for
 * the confirmation.
 */
export async function expectConfirmedOnce(db: Database, bookingId: number, providerPaymentId: string) {
  const found = await settlementOf(db, bookingId);
  expect(found.charged.map((capture) => capture.id)).toEqual([providerPaymentId]);
  expect(found.recorded).toEqual([expect.objectContaining({ providerPaymentId, status: 'succeeded', settlesBooking: true, appliedAt: expect.any(Date) })]);
  expect(found.booking).toMatchObject({ status: 'Confirmed', reference: expect.stringMatching(/^MER-\d{6}$/), needsAttention: false });
  expect(found.states.length).toBeGreaterThan(0);
  expect(found.states.every((state) => state === 'sold')).toBe(true);
  expect(found.mails.map((mail) => mail.messageKey)).toEqual([`booking-confirmed:${bookingId}`]);
  expect(found.audit).toMatchObject({ confirmed: 1, recorded: 1 });
  return found;
}

/** Paid and attached, but left for staff: Unconfirmed and flagged, no reference, nothing sold, no e-mail. */
export async function expectPaidAndFlagged(db: Database, bookingId: number, providerPaymentId: string, reason: string) {
  const found = await settlementOf(db, bookingId);
  expect(found.charged.map((capture) => capture.id)).toEqual([providerPaymentId]);
  expect(found.recorded).toEqual([expect.objectContaining({ providerPaymentId, settlesBooking: true, appliedAt: expect.any(Date) })]);
  expect(found.booking).toMatchObject({ status: 'Unconfirmed', reference: null, needsAttention: true, attentionReason: reason });
  expect(found.states).not.toContain('sold');
  expect(found.mails).toEqual([]);
  expect(found.audit).toMatchObject({ confirmed: 0, recorded: 1 });
  return found;
}

/** Nothing of ours written for a payment the provider took: the money is still only at the provider, for a later settler to find. */
export async function expectNothingRecorded(db: Database, bookingId: number, providerPaymentId: string) {
  const found = await settlementOf(db, bookingId);
  expect(found.charged.map((capture) => capture.id)).toEqual([providerPaymentId]);
  expect(found.recorded).toEqual([]);
  expect(found.booking).toMatchObject({ reference: null, needsAttention: false });
  expect(found.booking.status).toMatch(/^(Quote|Optional)$/);
  expect(found.mails).toEqual([]);
}

/** Places enough on every departure for a file's many bookings. */
export async function plentyOfPlaces(db: Database) {
  await db.update(departures).set({ capacity: 1000 });
}

/** The provider's notification of a payment, as it queued it (its event id stays the same on every retry). */
export async function notificationBody(db: Database, providerPaymentId: string): Promise<string> {
  const events = await db.select().from(payEvents);
  const event = events.find((row) => (row.payload as { payment: { id: string } }).payment.id === providerPaymentId);
  if (!event) throw new Error(`The provider queued no notification for ${providerPaymentId}`);
  return JSON.stringify({ id: event.id, type: event.type, created_at: event.createdAt.toISOString(), data: event.payload });
}

/** The provider delivering its notification of the payment to our webhook, signed now. */
export async function notifyPayment(app: FastifyInstance, db: Database, providerPaymentId: string) {
  const body = await notificationBody(db, providerPaymentId);
  const signature = signNotification(app.config.payments.webhookSecret, body, Math.floor(app.clock.now().getTime() / 1000));
  return app.inject({
    method: 'POST',
    url: '/api/payments/notifications',
    headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signature },
    payload: body,
  });
}
