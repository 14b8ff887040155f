import { BOOKING_TOKEN_TIMEOUT_SECONDS, bookingSettlementSchema, CONFIRM_GRACE_SECONDS, dataEnvelope } from '@tours/domain';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CreatedTestBooking } from './booking-fixtures.ts';
import { build, testClock } from './helper.ts';
import { bookSicily, confirm, openPayment, payToken, plentyOfSingleRooms } from './payment-fixtures.ts';

/**
 * GET /api/bookings/settlement: how a page whose confirmation calls go
 * unanswered learns what the server settled by itself. Each answer is
 * checked against the contract, and against what POST /bookings/confirm
 * answers for the same booking.
 */

const readSettlement = (app: FastifyInstance, booking: CreatedTestBooking) =>
  app.inject({ method: 'GET', url: '/api/bookings/settlement', headers: booking.headers });

async function outcomeOf(app: FastifyInstance, booking: CreatedTestBooking) {
  const response = await readSettlement(app, booking);
  expect(response.statusCode, response.body).toBe(200);
  return dataEnvelope(bookingSettlementSchema).parse(response.json()).data.outcome;
}

describe('GET /api/bookings/settlement', () => {
  const clock = testClock();
  const server = build({ clock, env: { HOLD_SWEEP_INTERVAL_MS: '0', MAIL_RELAY_INTERVAL_MS: '0' } });
  beforeAll(async () => plentyOfSingleRooms(server.app));

  it('has no outcome while nothing is paid, nor while a payment is taken but not yet applied', async () => {
    const { booking, totals } = await bookSicily(server.app);
    expect(await outcomeOf(server.app, booking)).toBeNull();
    await payToken(server.app, (await openPayment(server.app, booking, totals.deposit)).token);
    expect(await outcomeOf(server.app, booking)).toBeNull();
  });

  it('answers what the confirmation answered, once the browser confirmed', async () => {
    const { booking, totals } = await bookSicily(server.app);
    const paymentId = await payToken(server.app, (await openPayment(server.app, booking, totals.deposit)).token);
    const confirmed = await confirm(server.app, booking, paymentId);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const outcome = await outcomeOf(server.app, booking);
    expect(outcome).toEqual(confirmed.json().data);
    expect(outcome).toMatchObject({ status: 'confirmed', reference: expect.stringMatching(/^MER-\d{6}$/), booking_status: 'Confirmed' });
  });

  it("shows a payment the server settled by itself, from the provider's notification, without any confirm call", async () => {
    const { booking, totals } = await bookSicily(server.app);
    const paymentId = await payToken(server.app, (await openPayment(server.app, booking, totals.total)).token);
    expect(await outcomeOf(server.app, booking)).toBeNull();

    expect(await server.app.payProviderNotifications.deliverDue()).toMatchObject({ delivered: expect.any(Number), failed: 0 });
    const outcome = await outcomeOf(server.app, booking);
    expect(outcome).toMatchObject({ status: 'confirmed', booking_status: 'Confirmed' });
    // The browser's late confirmation of the same payment answers the same.
    expect((await confirm(server.app, booking, paymentId)).json().data).toEqual(outcome);
  });

  it('is read with the booking token within the confirmation grace, and only then', async () => {
    const { booking, totals } = await bookSicily(server.app);
    const paymentId = await payToken(server.app, (await openPayment(server.app, booking, totals.deposit)).token);
    expect((await confirm(server.app, booking, paymentId)).statusCode).toBe(200);

    clock.advance(BOOKING_TOKEN_TIMEOUT_SECONDS + 60);
    expect((await server.app.inject({ method: 'GET', url: '/api/bookings/payment-details', headers: booking.headers })).statusCode).toBe(401);
    expect(await outcomeOf(server.app, booking)).toMatchObject({ status: 'confirmed' });

    clock.advance(CONFIRM_GRACE_SECONDS);
    const late = await readSettlement(server.app, booking);
    expect(late.statusCode).toBe(401);
    expect(late.json().error.code).toBe('UNAUTHORIZED');
  });

  it('refuses a request without a booking token', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/bookings/settlement' });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('UNAUTHORIZED');
  });
});

describe('GET /api/bookings/settlement of a booking the server could not confirm', () => {
  const server = build({ env: { TEST_FAULTS: 'true', HOLD_SWEEP_INTERVAL_MS: '0', MAIL_RELAY_INTERVAL_MS: '0' } });
  beforeAll(async () => plentyOfSingleRooms(server.app));

  it('answers unconfirmed with the booking id as the reference, as the confirmation does', async () => {
    const { booking, totals } = await bookSicily(server.app);
    const armed = await server.app.inject({ method: 'POST', url: '/api/testing/faults', payload: { booking_id: booking.id, fault: 'confirm-after-payment' } });
    expect(armed.statusCode, armed.body).toBe(200);
    const paymentId = await payToken(server.app, (await openPayment(server.app, booking, totals.deposit)).token);

    // The provider's notification settles it, and the fault leaves it unconfirmed for staff.
    await server.app.payProviderNotifications.deliverDue();
    const outcome = await outcomeOf(server.app, booking);
    expect(outcome).toEqual({ status: 'unconfirmed', reference: String(booking.id), booking_status: 'Unconfirmed' });
    expect((await confirm(server.app, booking, paymentId)).json().data).toEqual(outcome);
  });
});
