import { randomUUID } from 'node:crypto';
import { cancellationCharge, percentOf } from '@tours/domain';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { allocations, auditLog, bookings, outboxMessages, payments, refunds } from '../src/db/schema/index.ts';
import { build, testClock } from './helper.ts';
import { plentyOfSingleRooms } from './payment-fixtures.ts';
import { staffSession, type StaffCaller } from './staff-fixtures.ts';
import { bookingPage, paidSicily, REASON, staffPost, unconfirmedDayTrip } from './staff-money-fixtures.ts';

/**
 * The staff console's money actions (issue 26), through the owning modules
 * and the one confirmation core: refunds through the provider, never above
 * what was captured even when two staff members refund at once; payments
 * received offline; cancellation with the schedule's charges to the penny;
 * Optional and paid-but-unconfirmed bookings decided. Each is idempotent by
 * its Idempotency-Key and audited with the staff member, reason, before and after.
 * Runs on PGlite and on PostgreSQL (node scripts/with-postgres.mjs ...).
 */
describe('staff money actions', () => {
  const server = build();
  const app = () => server.app;
  let finance: StaffCaller;
  let secondFinance: StaffCaller;
  let operations: StaffCaller;

  beforeAll(async () => {
    await plentyOfSingleRooms(app());
    finance = await staffSession(app(), ['finance']);
    secondFinance = await staffSession(app(), ['finance']);
    operations = await staffSession(app(), ['operations']);
  });

  const paymentIdOf = async (bookingId: number) => (await app().db.select({ id: payments.id }).from(payments).where(eq(payments.bookingId, bookingId)))[0]!.id;
  const refundsOf = (bookingId: number) => app().db.select().from(refunds).where(eq(refunds.bookingId, bookingId));
  const statusOf = async (bookingId: number) => (await app().db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, bookingId)))[0]!.status;

  it('refunds part of a card payment through the provider once per key, audited, and the balance shows it', async () => {
    const { booking, totals } = await paidSicily(app());
    const paymentId = await paymentIdOf(booking.id);
    const key = randomUUID();
    const url = `/api/staff/bookings/${booking.id}/refunds`;
    const first = await staffPost(app(), finance, url, { payment_id: paymentId, amount: 12_345, reason: REASON }, key);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.json().data).toMatchObject({ payment_id: paymentId, amount: { value: 12_345, currency: 'GBP' }, status: 'succeeded', reason: REASON });

    // The same key and body: the first answer, nothing done again. Another body with it: 409.
    const again = await staffPost(app(), finance, url, { payment_id: paymentId, amount: 12_345, reason: REASON }, key);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().data.id).toBe(first.json().data.id);
    const reused = await staffPost(app(), finance, url, { payment_id: paymentId, amount: 100, reason: REASON }, key);
    expect(reused.statusCode, reused.body).toBe(409);
    expect(await refundsOf(booking.id)).toHaveLength(1);

    const page = await bookingPage(app(), finance, booking.id);
    expect(page.money.paid.value).toBe(totals.deposit - 12_345);
    expect(page.payments[0]).toMatchObject({ refunded: { value: 12_345 }, refundable: { value: totals.deposit - 12_345 }, gateway_status: 'Partially refunded' });
    const [audit] = await app()
      .db.select()
      .from(auditLog)
      .where(and(eq(auditLog.bookingId, booking.id), eq(auditLog.action, 'refund.created')));
    expect(audit).toMatchObject({ staffMemberId: finance.member.id, reason: REASON, before: { refunded: 0, refundable: totals.deposit }, after: { refunded: 12_345 } });
    expect(page.history.some((entry: { action: string; actor: { kind: string } }) => entry.action === 'refund.created' && entry.actor.kind === 'staff')).toBe(true);
  });

  it("refunds a demo booking's card payment: the sandbox provider keeps the payments the demo seeded", async () => {
    const [demo] = await app().db.select({ id: bookings.id }).from(bookings).where(eq(bookings.reference, 'MER-480153'));
    const [paid] = await app().db.select().from(payments).where(and(eq(payments.bookingId, demo!.id), eq(payments.status, 'succeeded')));
    const refund = await staffPost(app(), finance, `/api/staff/bookings/${demo!.id}/refunds`, { payment_id: paid!.id, amount: 1_000, reason: REASON });
    expect(refund.statusCode, refund.body).toBe(201);
    expect(refund.json().data).toMatchObject({ amount: { value: 1_000, currency: paid!.currency }, status: 'succeeded' });
    const page = await bookingPage(app(), finance, demo!.id);
    // No 'refund failed' attention: the provider knew the payment.
    expect(page.booking.attention).toBeNull();
    expect(page.payments.find((row: { id: number }) => row.id === paid!.id)).toMatchObject({ refunded: { value: 1_000 } });
  });

  it('never refunds more than was captured: 409 naming what is left, and nothing written', async () => {
    const { booking, totals } = await paidSicily(app());
    const paymentId = await paymentIdOf(booking.id);
    const response = await staffPost(app(), finance, `/api/staff/bookings/${booking.id}/refunds`, { payment_id: paymentId, amount: totals.deposit + 1, reason: REASON });
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json().error.message).toMatch(/is left to refund/);
    expect(await refundsOf(booking.id)).toEqual([]);
    // Without an Idempotency-Key: refused with the header's message, before anything is done.
    const noKey = await app().inject({ method: 'POST', url: `/api/staff/bookings/${booking.id}/refunds`, headers: finance.headers, payload: { payment_id: paymentId, amount: 100, reason: REASON } });
    expect(noKey.statusCode, noKey.body).toBe(400);
    expect(await refundsOf(booking.id)).toEqual([]);
  });

  it('two staff members refunding 60% each at once: one refund is made, the other refused', async () => {
    const { booking, totals } = await paidSicily(app());
    const paymentId = await paymentIdOf(booking.id);
    const amount = Math.round(totals.deposit * 0.6);
    const url = `/api/staff/bookings/${booking.id}/refunds`;
    const answers = await Promise.all([
      staffPost(app(), finance, url, { payment_id: paymentId, amount, reason: REASON }),
      staffPost(app(), secondFinance, url, { payment_id: paymentId, amount, reason: REASON }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    const made = await refundsOf(booking.id);
    expect(made).toHaveLength(1);
    expect(made[0]!.amount).toBe(amount);
  });

  it('records an offline payment through settlement once per key, audited: the balance falls', async () => {
    const { booking, totals } = await paidSicily(app());
    const url = `/api/staff/bookings/${booking.id}/payments`;
    const body = { amount: 50_000, method: 'bank_transfer', reference: 'BACS 4471', received_on: '2026-11-20', reason: REASON };
    const key = randomUUID();
    const response = await staffPost(app(), finance, url, body, key);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data.payment).toMatchObject({ method: 'bank_transfer', payer_reference: 'BACS 4471', amount: { value: 50_000, currency: 'GBP' } });
    const again = await staffPost(app(), finance, url, body, key);
    expect(again.json().data.payment.id).toBe(response.json().data.payment.id);
    const page = await bookingPage(app(), finance, booking.id);
    expect(page.money.paid.value).toBe(totals.deposit + 50_000);
    expect(page.payments.filter((payment: { method: string }) => payment.method === 'bank_transfer')).toHaveLength(1);
    const [audit] = await app()
      .db.select()
      .from(auditLog)
      .where(and(eq(auditLog.bookingId, booking.id), eq(auditLog.staffMemberId, finance.member.id)));
    expect(audit).toMatchObject({ reason: REASON });
    // The settlement step the action ran is named after the member too, not 'Staff member <id>'.
    const applied = page.history.find((entry: { action: string }) => entry.action === 'payment.applied_to_balance');
    expect(applied.actor).toEqual({ kind: 'staff', label: finance.member.name });
  });

  it('previews and cancels with the schedule to the penny: charge kept, the rest refunded newest first, places released, e-mailed once', async () => {
    const { booking, totals } = await paidSicily(app(), 120, 'total');
    const preview = await app().inject({ method: 'GET', url: `/api/staff/bookings/${booking.id}/cancellation`, headers: finance.headers });
    expect(preview.statusCode, preview.body).toBe(200);
    const shown = preview.json().data;
    const expected = cancellationCharge({ total: totals.total, deposit: totals.deposit, departureDate: shown.departure_date, on: new Date() });
    expect(expected.band.charge.kind).toBe('deposit');
    expect(shown).toMatchObject({ charge: { value: totals.deposit }, paid: { value: totals.total }, refund: { value: totals.total - totals.deposit }, owed: { value: 0 } });
    expect(shown.charge.value).toBe(expected.charge);

    const key = randomUUID();
    const body = { reason: REASON, expected: { charge: shown.charge.value, refund: shown.refund.value } };
    const cancelled = await staffPost(app(), finance, `/api/staff/bookings/${booking.id}/cancel`, body, key);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data).toMatchObject({ status: 'Cancelled', charge: { value: totals.deposit }, refund: { value: totals.total - totals.deposit }, email_queued: true });
    const replay = await staffPost(app(), finance, `/api/staff/bookings/${booking.id}/cancel`, body, key);
    expect(replay.json().data).toEqual(cancelled.json().data);

    expect(await statusOf(booking.id)).toBe('Cancelled');
    const held = await app().db.select({ state: allocations.state }).from(allocations).where(eq(allocations.bookingId, booking.id));
    expect(held.length).toBeGreaterThan(0);
    expect(held.every((row) => row.state === 'released')).toBe(true);
    const made = await refundsOf(booking.id);
    expect(made.reduce((sum, refund) => sum + refund.amount, 0)).toBe(totals.total - totals.deposit);
    const mails = await app().db.select().from(outboxMessages).where(eq(outboxMessages.bookingId, booking.id));
    expect(mails.filter((mail) => /cancel/i.test(mail.subject))).toHaveLength(1);
    // A second cancellation finds nothing to cancel.
    const twice = await staffPost(app(), finance, `/api/staff/bookings/${booking.id}/cancel`, body);
    expect(twice.statusCode).toBe(409);
  });

  it('cancels 30 to 59 days before departure keeping 50% of the total, to the penny', async () => {
    const { booking, totals } = await paidSicily(app(), 45, 'total');
    const shown = (await app().inject({ method: 'GET', url: `/api/staff/bookings/${booking.id}/cancellation`, headers: finance.headers })).json().data;
    const expected = cancellationCharge({ total: totals.total, deposit: totals.deposit, departureDate: shown.departure_date, on: new Date() });
    expect(expected.band.charge).toEqual({ kind: 'percent', percent: 50 });
    expect(shown.charge.value).toBe(percentOf(totals.total, 50));
    expect(shown.refund.value).toBe(totals.total - percentOf(totals.total, 50));
    const cancelled = await staffPost(app(), finance, `/api/staff/bookings/${booking.id}/cancel`, { reason: REASON, expected: { charge: shown.charge.value, refund: shown.refund.value } });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await refundsOf(booking.id)).reduce((sum, refund) => sum + refund.amount, 0)).toBe(totals.total - percentOf(totals.total, 50));
  });

  it('refuses a cancellation whose preview is out of date (a payment came in since): 409, nothing changed', async () => {
    const { booking } = await paidSicily(app(), 120);
    const shown = (await app().inject({ method: 'GET', url: `/api/staff/bookings/${booking.id}/cancellation`, headers: finance.headers })).json().data;
    const response = await staffPost(app(), finance, `/api/staff/bookings/${booking.id}/cancel`, {
      reason: REASON,
      expected: { charge: shown.charge.value, refund: shown.refund.value + 1 },
    });
    expect(response.statusCode, response.body).toBe(409);
    expect(await statusOf(booking.id)).toBe('Confirmed');
  });

  it('resolves a paid-but-unconfirmed booking: 409 naming what is gone, then confirmed once the places are free; or refunded in full', async () => {
    const gone = await unconfirmedDayTrip(app());
    const refused = await staffPost(app(), operations, `/api/staff/bookings/${gone.booking.id}/unconfirmed/confirm`, { reason: REASON });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(await statusOf(gone.booking.id)).toBe('Unconfirmed');
    await gone.free();
    const confirmed = await staffPost(app(), operations, `/api/staff/bookings/${gone.booking.id}/unconfirmed/confirm`, { reason: REASON });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await statusOf(gone.booking.id)).toBe('Confirmed');

    const toRefund = await unconfirmedDayTrip(app());
    await toRefund.free();
    const refunded = await staffPost(app(), finance, `/api/staff/bookings/${toRefund.booking.id}/unconfirmed/refund`, { reason: REASON });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(await statusOf(toRefund.booking.id)).toBe('Cancelled');
    expect((await refundsOf(toRefund.booking.id)).reduce((sum, refund) => sum + refund.amount, 0)).toBe(toRefund.totals.total);
  });

  it('finance cancelling while another refunds the same booking: never more refunded than was paid', async () => {
    const { booking, totals } = await paidSicily(app(), 120, 'total');
    const paymentId = await paymentIdOf(booking.id);
    const shown = (await app().inject({ method: 'GET', url: `/api/staff/bookings/${booking.id}/cancellation`, headers: finance.headers })).json().data;
    const [cancel, refund] = await Promise.all([
      staffPost(app(), finance, `/api/staff/bookings/${booking.id}/cancel`, { reason: REASON, expected: { charge: shown.charge.value, refund: shown.refund.value } }),
      staffPost(app(), secondFinance, `/api/staff/bookings/${booking.id}/refunds`, { payment_id: paymentId, amount: totals.total - 1000, reason: REASON }),
    ]);
    const refunded = (await refundsOf(booking.id)).reduce((sum, row) => sum + row.amount, 0);
    expect(refunded).toBeLessThanOrEqual(totals.total);
    if (cancel.statusCode === 200) {
      // The cancellation came first and refunded all but the charge: the second refund finds less left than it asked for.
      expect(refund.statusCode, refund.body).toBe(409);
      expect(refunded).toBe(totals.total - totals.deposit);
    } else {
      // The refund came first: the preview no longer holds, and the booking stands.
      expect(cancel.statusCode, cancel.body).toBe(409);
      expect(refund.statusCode, refund.body).toBe(201);
      expect(await statusOf(booking.id)).toBe('Confirmed');
    }
  });
});

/** Optional bookings: the Sicily departure 45 days ahead, seen from 15 days later (the app's clock), is under five weeks away. */
describe('staff decisions on Optional bookings', () => {
  const clock = testClock();
  const server = build({ clock });
  const optionalApp = () => server.app;
  let optionalOperations: StaffCaller;
  const statusOf = async (bookingId: number) => (await optionalApp().db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, bookingId)))[0]!.status;
  const refundsOf = (bookingId: number) => optionalApp().db.select().from(refunds).where(eq(refunds.bookingId, bookingId));

  beforeAll(async () => {
    clock.advance(15 * 24 * 3600);
    await plentyOfSingleRooms(optionalApp());
    optionalOperations = await staffSession(optionalApp(), ['operations']);
  });

  it('confirms an Optional booking (operations), or declines one with everything paid refunded and no charge', async () => {
    const toConfirm = await paidSicily(optionalApp(), 45);
    expect(await statusOf(toConfirm.booking.id)).toBe('Optional');
    const confirmed = await staffPost(optionalApp(), optionalOperations, `/api/staff/bookings/${toConfirm.booking.id}/optional/confirm`, { reason: REASON });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().data).toMatchObject({ status: 'Confirmed', email_queued: true });
    expect(await statusOf(toConfirm.booking.id)).toBe('Confirmed');

    const toDecline = await paidSicily(optionalApp(), 45);
    const declined = await staffPost(optionalApp(), optionalOperations, `/api/staff/bookings/${toDecline.booking.id}/optional/decline`, { reason: REASON });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json().data).toMatchObject({ status: 'Cancelled', charge: { value: 0 }, refund: { value: toDecline.totals.deposit } });
    expect((await refundsOf(toDecline.booking.id)).reduce((sum, refund) => sum + refund.amount, 0)).toBe(toDecline.totals.deposit);
  });

});
