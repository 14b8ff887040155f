import { BOOKING_TOKEN_TIMEOUT_SECONDS } from '@tours/domain';
import { and, asc, eq, ne } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { allocations, bookingComponents, bookings, departureOptions, optionPrices } from '../src/db/schema/index.ts';
import { sweepExpiredHolds } from '../src/modules/inventory/index.ts';
import { createBooking, lead, optionIds, optionList, submit, type CreatedTestBooking } from './booking-fixtures.ts';
import { build, testClock } from './helper.ts';

describe('holds', () => {
  const clock = testClock();
  // The sweeper is driven by hand here, so the test decides when holds are released.
  const server = build({ clock, env: { HOLD_SWEEP_INTERVAL_MS: '0' } });
  const db = () => server.app.db;
  const sicily = { code: 'TSG-SIC', startsInDays: 120, passengers: [lead] };

  // Room for every booking these tests make: the seed has four single rooms on this departure.
  beforeAll(async () => {
    await db().update(departureOptions).set({ inventory: 50 }).where(and(eq(departureOptions.kind, 'room'), eq(departureOptions.name, 'Single room')));
  });

  const holdsOf = (booking: CreatedTestBooking) =>
    db().select().from(allocations).where(eq(allocations.bookingId, booking.id)).orderBy(asc(allocations.id));
  const liveHoldsOf = async (booking: CreatedTestBooking) => (await holdsOf(booking)).filter((row) => row.state === 'held');

  /** An extra with one unit left, made for the test on the Sicily departure. */
  async function lastUnitExtra(booking: CreatedTestBooking) {
    const [row] = await db().select({ departureId: bookings.departureId }).from(bookings).where(eq(bookings.id, booking.id));
    const [option] = await db()
      .insert(departureOptions)
      .values({ departureId: row!.departureId, kind: 'extra', name: 'Private opening of the Cappella Palatina', inventory: 1 })
      .returning({ id: departureOptions.id });
    await db()
      .insert(optionPrices)
      .values((['GBP', 'USD', 'AUD'] as const).map((currency) => ({ optionId: option!.id, currency, adultPrice: 9500 })));
    return option!.id;
  }

  async function selectSingle(booking: CreatedTestBooking, extraId?: number) {
    const ids = await optionIds(server.app, booking);
    return submit(server.app, booking, {
      accommodation: [{ component_id: ids.room('Hotel Villa Aretusa', 'Single'), passenger_ids: booking.passengerIds }],
      extras: extraId ? [{ component_id: extraId, passenger_ids: booking.passengerIds }] : [],
    });
  }

  it('holds a place for every passenger and a unit of every option until the booking session ends', async () => {
    const booking = await createBooking(server.app, sicily);
    const ids = await optionIds(server.app, booking);
    const flight = ids.flight('BA 2590', 'Economy');
    const room = ids.room('Hotel Villa Aretusa', 'Single');
    const response = await submit(server.app, booking, {
      flights: [{ component_id: flight, passenger_ids: booking.passengerIds }],
      accommodation: [{ component_id: room, passenger_ids: booking.passengerIds }],
    });
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await db().select().from(bookings).where(eq(bookings.id, booking.id));
    const holds = await holdsOf(booking);
    expect(holds.map((hold) => [hold.optionId, hold.passengerId, hold.state, hold.quantity])).toEqual([
      [null, booking.passengerIds[0], 'held', 1],
      [flight, booking.passengerIds[0], 'held', 1],
      [room, booking.passengerIds[0], 'held', 1],
    ]);
    for (const hold of holds) expect(hold.expiresAt).toEqual(row!.tokenExpiresAt);
    expect(row!.tokenExpiresAt!.getTime() - row!.createdAt.getTime()).toBeCloseTo(BOOKING_TOKEN_TIMEOUT_SECONDS * 1000, -4);
    // Every hold points at the booking line that priced it.
    const lines = await db().select().from(bookingComponents).where(eq(bookingComponents.bookingId, booking.id));
    for (const hold of holds) expect(lines.find((line) => line.id === hold.componentId)?.optionId ?? null).toBe(hold.optionId);
  });

  it('replaces the previous holds and lines when the selections are submitted again', async () => {
    const booking = await createBooking(server.app, sicily);
    const ids = await optionIds(server.app, booking);
    const economy = ids.flight('BA 2590', 'Economy');
    const club = ids.flight('BA 2590', 'Club Europe');
    const room = ids.room('Hotel Villa Aretusa', 'Single');
    const choose = (flight: number) =>
      submit(server.app, booking, {
        flights: [{ component_id: flight, passenger_ids: booking.passengerIds }],
        accommodation: [{ component_id: room, passenger_ids: booking.passengerIds }],
      });
    expect((await choose(economy)).statusCode).toBe(200);
    expect((await choose(club)).statusCode).toBe(200);
    const live = await liveHoldsOf(booking);
    expect(live.map((hold) => hold.optionId)).toEqual([null, club, room]);
    const released = (await holdsOf(booking)).filter((hold) => hold.state === 'released');
    expect(released.map((hold) => hold.optionId)).toEqual([null, economy, room]);
    const lines = await db().select().from(bookingComponents).where(eq(bookingComponents.bookingId, booking.id));
    expect(lines.map((line) => line.optionId)).toEqual([null, club, room]);
  });

  it('answers SERVICE_FAILURE when the last unit is held by someone else, and keeps the loser’s previous selection', async () => {
    const first = await createBooking(server.app, sicily);
    const extra = await lastUnitExtra(first);
    expect((await selectSingle(first, extra)).statusCode).toBe(200);

    const second = await createBooking(server.app, sicily);
    expect((await selectSingle(second)).statusCode).toBe(200);
    const before = { holds: await holdsOf(second), lines: await db().select().from(bookingComponents).where(eq(bookingComponents.bookingId, second.id)) };
    const extras = await optionList<{ id: number; inventory_details: { available: number } }>(server.app, second, 'extras');
    expect(extras.find((option) => option.id === extra)?.inventory_details.available).toBe(0);

    const response = await selectSingle(second, extra);
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatchObject({ code: 'SERVICE_FAILURE', message: expect.stringContaining('Cappella Palatina') });
    expect(await holdsOf(second)).toEqual(before.holds);
    expect(await db().select().from(bookingComponents).where(eq(bookingComponents.bookingId, second.id))).toEqual(before.lines);
  });

  it('stops counting expired holds at once, and the sweeper then releases them', async () => {
    const first = await createBooking(server.app, sicily);
    const extra = await lastUnitExtra(first);
    expect((await selectSingle(first, extra)).statusCode).toBe(200);

    clock.advance(BOOKING_TOKEN_TIMEOUT_SECONDS + 1);
    // The first session is over: its token no longer opens the booking...
    const expired = await server.app.inject({ method: 'GET', url: '/api/bookings/tour', headers: first.headers });
    expect(expired.statusCode).toBe(401);
    // ...and before any sweep, its held unit is already available to a new visitor.
    const next = await createBooking(server.app, sicily);
    const extras = await optionList<{ id: number; inventory_details: { available: number } }>(server.app, next, 'extras');
    expect(extras.find((option) => option.id === extra)?.inventory_details.available).toBe(1);
    expect((await liveHoldsOf(first)).length).toBe(3);
    expect((await selectSingle(next, extra)).statusCode).toBe(200);

    const swept = await sweepExpiredHolds(db(), clock.now());
    expect(swept.released).toBeGreaterThanOrEqual(3);
    expect(swept.bookingIds).toContain(first.id);
    expect(swept.bookingIds).not.toContain(next.id);
    expect(await liveHoldsOf(first)).toEqual([]);
    expect((await liveHoldsOf(next)).length).toBe(3);
    // Nothing is left to release, so a second sweep (or another replica's) finds nothing.
    expect(await sweepExpiredHolds(db(), clock.now())).toEqual({ released: 0, bookingIds: [] });
    const stillHeld = await db()
      .select()
      .from(allocations)
      .where(and(eq(allocations.state, 'held'), ne(allocations.bookingId, next.id)));
    expect(stillHeld.every((row) => row.expiresAt! > clock.now())).toBe(true);
  });
});

describe('hold sweeper interval', () => {
  const server = build({ env: { HOLD_SWEEP_INTERVAL_MS: '25' } });

  it('releases expired holds while the app runs', async () => {
    const booking = await createBooking(server.app, { code: 'LD-GRE', startsInDays: 42 });
    const response = await server.app.inject({ method: 'POST', url: '/api/bookings/selection', headers: booking.headers, payload: { tour_id: booking.tourId } });
    expect(response.statusCode).toBe(200);
    await server.app.db
      .update(allocations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(allocations.bookingId, booking.id));
    await vi.waitFor(
      async () => {
        const rows = await server.app.db.select().from(allocations).where(eq(allocations.bookingId, booking.id));
        expect(rows.map((row) => row.state)).toEqual(['released']);
      },
      { timeout: 10_000, interval: 50 },
    );
  });
});
