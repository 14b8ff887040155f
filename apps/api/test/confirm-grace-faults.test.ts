import { BOOKING_TOKEN_TIMEOUT_SECONDS, CONFIRM_GRACE_SECONDS } from '@tours/domain';
import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { allocations, auditLog, bookings, payments } from '../src/db/schema/index.ts';
import { ATTENTION } from '../src/modules/confirmation/index.ts';
import { NO_FAULTS } from '../src/lib/fault-points.ts';
import { loadConfig } from '../src/config/index.ts';
import type { CreatedTestBooking } from './booking-fixtures.ts';
import { build, testClock } from './helper.ts';
import { bookSicily, confirm, openPayment, payToken, plentyOfSingleRooms } from './payment-fixtures.ts';

describe('confirming after the booking session expired', () => {
  const clock = testClock();
  const server = build({ clock, env: { HOLD_SWEEP_INTERVAL_MS: '0', MAIL_RELAY_INTERVAL_MS: '0' } });
  beforeAll(async () => plentyOfSingleRooms(server.app));

  it('accepts the booking token for confirmation within the grace, and no other call', async () => {
    const { booking, totals } = await bookSicily(server.app);
    const paymentId = await payToken(server.app, (await openPayment(server.app, booking, totals.deposit)).token);
    clock.advance(BOOKING_TOKEN_TIMEOUT_SECONDS + 60);

    const tour = await server.app.inject({ method: 'GET', url: '/api/bookings/tour', headers: booking.headers });
    expect(tour.statusCode).toBe(401);
    const response = await confirm(server.app, booking, paymentId);
    expect(response.statusCode, response.body).toBe(200);
    // The holds lapsed with the session; the units were still free, so they were taken again.
    expect(response.json().data.status).toBe('confirmed');
    const rows = await server.app.db.select().from(allocations).where(eq(allocations.bookingId, booking.id));
    expect(rows.every((row) => row.state === 'sold')).toBe(true);
  });

  it('refuses it once the grace is over, with the same 401 as any expired token', async () => {
    const { booking, totals } = await bookSicily(server.app);
    const paymentId = await payToken(server.app, (await openPayment(server.app, booking, totals.deposit)).token);
    clock.advance(BOOKING_TOKEN_TIMEOUT_SECONDS + CONFIRM_GRACE_SECONDS + 1);
    const response = await confirm(server.app, booking, paymentId);
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('UNAUTHORIZED');
    expect(await server.app.db.select().from(payments).where(eq(payments.bookingId, booking.id))).toEqual([]);
  });
});

describe('the test fault switch', () => {
  const server = build({ env: { TEST_FAULTS: 'true', HOLD_SWEEP_INTERVAL_MS: '0', MAIL_RELAY_INTERVAL_MS: '0' } });
  beforeAll(async () => plentyOfSingleRooms(server.app));
  const arm = (booking: CreatedTestBooking) =>
    server.app.inject({ method: 'POST', url: '/api/testing/faults', payload: { booking_id: booking.id, fault: 'confirm-after-payment' } });

  it('makes the next confirmation fail after the payment is recorded: unconfirmed, paid, flagged', async () => {
    const { booking, totals } = await bookSicily(server.app);
    const armed = await arm(booking);
    expect(armed.statusCode, armed.body).toBe(200);
    expect(armed.json()).toEqual({ data: { booking_id: booking.id, fault: 'confirm-after-payment', effect: 'error', armed: true } });
    const paymentId = await payToken(server.app, (await openPayment(server.app, booking, totals.deposit)).token);

    const response = await confirm(server.app, booking, paymentId);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ status: 'unconfirmed', reference: String(booking.id), booking_status: 'Unconfirmed' });
    expect(await server.app.db.select().from(payments).where(eq(payments.bookingId, booking.id))).toEqual([
      expect.objectContaining({ providerPaymentId: paymentId, amount: totals.deposit, status: 'succeeded', settlesBooking: true }),
    ]);
    const [row] = await server.app.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row).toMatchObject({ status: 'Unconfirmed', needsAttention: true, attentionReason: ATTENTION.failed, reference: null });
    // The failed step rolled back: the holds were not turned into sales.
    const states = await server.app.db.select({ state: allocations.state }).from(allocations).where(eq(allocations.bookingId, booking.id));
    expect(states.map((s) => s.state)).toEqual(['held', 'held']);
    const audit = await server.app.db.select().from(auditLog).where(eq(auditLog.bookingId, booking.id)).orderBy(asc(auditLog.id));
    expect(audit.at(-1)).toMatchObject({
      action: 'booking.needs_attention',
      detail: expect.objectContaining({ step: 'apply', error: expect.stringContaining('InjectedFault') }),
    });

    // The fault fired once, but the booking is now settled as unconfirmed: a replay answers the same.
    expect((await confirm(server.app, booking, paymentId)).json().data).toEqual({ status: 'unconfirmed', reference: String(booking.id), booking_status: 'Unconfirmed' });
    expect(await server.app.db.select().from(payments).where(eq(payments.bookingId, booking.id))).toHaveLength(1);
  });

  it('refuses unknown bookings and faults, and stays out of the API documentation', async () => {
    const unknown = await server.app.inject({ method: 'POST', url: '/api/testing/faults', payload: { booking_id: 1, fault: 'confirm-after-payment' } });
    expect(unknown.statusCode).toBe(404);
    const { booking } = await bookSicily(server.app);
    const bad = await server.app.inject({ method: 'POST', url: '/api/testing/faults', payload: { booking_id: booking.id, fault: 'explode' } });
    expect(bad.statusCode).toBe(400);
    const docs = await server.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(Object.keys(docs.json().paths)).not.toContain('/api/testing/faults');
  });
});

describe('the test fault switch when off', () => {
  const server = build({ env: { HOLD_SWEEP_INTERVAL_MS: '0', MAIL_RELAY_INTERVAL_MS: '0' } });

  it('is not mounted by default', async () => {
    const response = await server.app.inject({ method: 'POST', url: '/api/testing/faults', payload: { booking_id: 100001, fault: 'confirm-after-payment' } });
    expect(response.statusCode).toBe(404);
    // Production's fault points: none ever fires, and the test switch is not even loaded.
    expect(server.app.faults).toBe(NO_FAULTS);
    expect(server.app.hasDecorator('faultSwitch')).toBe(false);
  });

  it('cannot be turned on in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', TEST_FAULTS: 'true' })).toThrow(/TEST_FAULTS: Test faults cannot be enabled when NODE_ENV is production/);
    expect(loadConfig({ NODE_ENV: 'production', DEMO: '1' }).testFaults).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development', TEST_FAULTS: 'true' }).testFaults).toBe(true);
  });
});
