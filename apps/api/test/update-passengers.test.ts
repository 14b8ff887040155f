import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays } from '../src/db/seed/dates.ts';
import { unitsTaken } from '../src/modules/inventory/index.ts';
import { allocations, auditLog, bookingPassengers, bookings, departures, paymentIntents, payments } from '../src/db/schema/index.ts';
import { address, bearer, createBooking, lead, optionIds, second, submit, type CreatedTestBooking } from './booking-fixtures.ts';
import { build, expectApiError, today } from './helper.ts';
import { bookSicily, confirm, openPayment, payToken } from './payment-fixtures.ts';

/** PUT /bookings/passengers: step 1 again on a booking already made (issue 9, a flow that goes back and forth). */
describe('PUT /api/bookings/passengers', () => {
  const server = build();
  const vienna = { code: 'MHW-VIE', startsInDays: 90 };
  const source = { id: 63, subsource_id: 165, subsource_description: 'A friend' };

  const put = (booking: CreatedTestBooking, payload: object, headers: Record<string, string> = booking.headers) =>
    server.app.inject({ method: 'PUT', url: '/api/bookings/passengers', headers, payload });

  const passengerRows = (bookingId: number) =>
    server.app.db.select().from(bookingPassengers).where(eq(bookingPassengers.bookingId, bookingId)).orderBy(asc(bookingPassengers.position));

  const heldBy = async (bookingId: number) =>
    (await server.app.db.select().from(allocations).where(and(eq(allocations.bookingId, bookingId), eq(allocations.state, 'held')))).length;

  const bookingRow = async (bookingId: number) => (await server.app.db.select().from(bookings).where(eq(bookings.id, bookingId)))[0]!;

  /** Two on Vienna with the mandatory flight, a double room at both hotels: places and units held. */
  async function viennaForTwoWithSelections() {
    const booking = await createBooking(server.app, { ...vienna, passengers: [lead, second] });
    const ids = await optionIds(server.app, booking);
    const both = booking.passengerIds;
    const selections = await submit(server.app, booking, {
      flights: [{ component_id: ids.flight('BA 702'), passenger_ids: both }],
      accommodation: [
        { component_id: ids.room('HOTEL KONIGSHOF', 'Double'), passenger_ids: both },
        { component_id: ids.room('gastehaus monchsberg', 'Double'), passenger_ids: both },
      ],
    });
    expect(selections.statusCode, selections.body).toBe(200);
    return { booking, details: selections.json().data };
  }

  it('updates the passengers’ details and the marketing source in place: same booking, ids, token, selections and holds', async () => {
    const { booking, details } = await viennaForTwoWithSelections();
    const held = await heldBy(booking.id);
    expect(held).toBeGreaterThan(0);

    const moved = { ...address, line_1: '7 Abbey Road', city: 'London', state: 'Greater London', postal_code: 'NW8 9AY' };
    const renamedLead = { ...lead, given_name: 'Edwin', email: 'edwin@example.com', telephone_mobile: '07700900456', address: moved };
    const renamedSecond = { ...second, family_name: 'Roberts' };
    const newSource = { id: 63, subsource_id: 165, subsource_description: 'A concert programme' };
    const response = await put(booking, { passengers: [renamedLead, renamedSecond], source: newSource });
    expect(response.statusCode, response.body).toBe(200);
    const { booking: updated, token } = response.json().data;
    expect(token).toBeNull();
    expect(updated.id).toBe(booking.id);
    expect(updated.passengers.map((p: { id: number }) => p.id)).toEqual(booking.passengerIds);
    expect(updated.passengers.map((p: { given_name: string; family_name: string; is_lead: boolean }) => [p.given_name, p.family_name, p.is_lead])).toEqual([
      ['Edwin', 'Elgar', true],
      ['Alice', 'Roberts', false],
    ]);
    // The second participant, sent without an address, lives at the lead's new one.
    expect(updated.passengers[1].address).toMatchObject({ line_1: '7 Abbey Road', postal_code: 'NW8 9AY' });

    const rows = await passengerRows(booking.id);
    expect(rows.map((row) => row.id)).toEqual(booking.passengerIds);
    expect(rows[0]).toMatchObject({ givenName: 'Edwin', email: 'edwin@example.com', telephoneMobile: '07700900456', isLead: true });
    expect(rows[0]!.address).toMatchObject({ line_1: '7 Abbey Road', city: 'London' });
    expect(rows[1]).toMatchObject({ familyName: 'Roberts', isLead: false });
    expect(await bookingRow(booking.id)).toMatchObject({ status: 'Quote', marketingSourceDescription: 'A concert programme' });

    // The selections, their holds and their price stand: nothing is priced by a passenger's details.
    expect(await heldBy(booking.id)).toBe(held);
    const figures = await server.app.inject({ method: 'GET', url: '/api/bookings/payment-details', headers: booking.headers });
    expect(figures.statusCode, figures.body).toBe(200);
    expect(figures.json().data.details.total_price).toEqual(details.total_price);

    const [audit] = await server.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.bookingId, booking.id), eq(auditLog.action, 'booking.passengers_updated')));
    expect(audit).toBeDefined();
  });

  it('starts a new booking for another number of participants: the old one cancelled, its holds released and its token revoked', async () => {
    const { booking } = await viennaForTwoWithSelections();
    expect(await heldBy(booking.id)).toBeGreaterThan(0);
    const placesBefore = await placesLeft();

    const response = await put(booking, { passengers: [lead], source });
    expect(response.statusCode, response.body).toBe(200);
    const { booking: replacement, token } = response.json().data;
    expect(replacement.id).not.toBe(booking.id);
    expect(replacement.status).toBe('Quote');
    expect(replacement.passengers).toHaveLength(1);
    expect(replacement.passengers[0]).toMatchObject({ given_name: 'Edward', is_lead: true });
    expect(token.token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // No hold is left behind: the two places are free again at once, not when the old token would have lapsed.
    expect(await heldBy(booking.id)).toBe(0);
    expect(await placesLeft()).toBe(placesBefore + 2);
    expect(await bookingRow(booking.id)).toMatchObject({ status: 'Cancelled', tokenHash: null, tokenExpiresAt: null });
    expectApiError(await server.app.inject({ method: 'GET', url: '/api/bookings/tour', headers: booking.headers }), 401, 'UNAUTHORIZED');

    // The new booking goes on with its own token: its passengers, its tour line for one, nothing held until its selections.
    const headers = bearer(token.token);
    expect((await server.app.inject({ method: 'GET', url: '/api/bookings/tour', headers })).statusCode).toBe(200);
    expect((await passengerRows(replacement.id)).map((row) => row.id)).toEqual([replacement.passengers[0].id]);
    expect(await heldBy(replacement.id)).toBe(0);
    const figures = await server.app.inject({ method: 'GET', url: '/api/bookings/payment-details', headers });
    expect(figures.json().data.details.breakdown).toMatchObject({ participants: 1 });

    const [audit] = await server.app.db.select().from(auditLog).where(and(eq(auditLog.bookingId, booking.id), eq(auditLog.action, 'booking.replaced')));
    expect(audit!.detail).toMatchObject({ from: 2, to: 1, replacedBy: replacement.id });
  });

  it('withdraws the old booking’s open payment requests when the number of participants changes', async () => {
    const { booking, totals } = await bookSicily(server.app);
    const opened = await openPayment(server.app, booking, totals.total);
    expect(opened.token).toBeTruthy();
    const open = () =>
      server.app.db.select({ status: paymentIntents.status }).from(paymentIntents).where(eq(paymentIntents.bookingId, booking.id));
    expect((await open()).map((row) => row.status)).toEqual(['open']);

    const response = await put(booking, { passengers: [lead, second], source });
    expect(response.statusCode, response.body).toBe(200);
    expect((await open()).map((row) => row.status)).toEqual(['cancelled']);
  });

  it('keeps the payment requests open when only the details change, since the price stays', async () => {
    const { booking, totals } = await bookSicily(server.app);
    await openPayment(server.app, booking, totals.total);
    const response = await put(booking, { passengers: [{ ...lead, given_name: 'Ted' }], source });
    expect(response.statusCode, response.body).toBe(200);
    const rows = await server.app.db.select({ status: paymentIntents.status }).from(paymentIntents).where(eq(paymentIntents.bookingId, booking.id));
    expect(rows.map((row) => row.status)).toEqual(['open']);
  });

  it('refuses a paid booking with 409 CONFLICT and changes nothing', async () => {
    const { booking, totals } = await bookSicily(server.app);
    const paymentId = await payToken(server.app, (await openPayment(server.app, booking, totals.total)).token);
    const confirmed = await confirm(server.app, booking, paymentId);
    expect(confirmed.statusCode, confirmed.body).toBe(200);

    expectApiError(await put(booking, { passengers: [{ ...lead, given_name: 'Ted' }], source }), 409, 'CONFLICT');
    expectApiError(await put(booking, { passengers: [lead, second], source }), 409, 'CONFLICT');
    const rows = await passengerRows(booking.id);
    expect(rows.map((row) => row.givenName)).toEqual(['Edward']);
    expect((await bookingRow(booking.id)).status).toBe('Confirmed');
  });

  it('refuses a booking with a payment recorded but not yet applied (settlement still to run)', async () => {
    const { booking, totals } = await bookSicily(server.app);
    await server.app.db.insert(payments).values({ bookingId: booking.id, currency: 'GBP', bookingCurrency: 'GBP', amount: totals.total, status: 'succeeded', provider: 'sandbox' });
    expectApiError(await put(booking, { passengers: [lead, second], source }), 409, 'CONFLICT');
    expect(await bookingRow(booking.id)).toMatchObject({ status: 'Quote' });
    expect(await heldBy(booking.id)).toBeGreaterThan(0);
  });

  it('answers 400 with the field messages of POST /bookings, changing nothing', async () => {
    const booking = await createBooking(server.app, { ...vienna, passengers: [lead] });
    const invalid = await put(booking, { passengers: [{ ...lead, given_name: '' }], source });
    expectApiError(invalid, 400, 'VALIDATION_FAILED');
    expect(invalid.json().error.fields['passengers.0.given_name']).toBeTruthy();
    const three = await put(booking, { passengers: [lead, second, second], source });
    expectApiError(three, 400, 'VALIDATION_FAILED');
    const unknownSource = await put(booking, { passengers: [lead], source: { id: 63, subsource_id: 999999, subsource_description: '' } });
    expectApiError(unknownSource, 400, 'VALIDATION_FAILED');
    expect(unknownSource.json().error.fields['source.subsource_id']).toBeTruthy();
    expect((await passengerRows(booking.id)).map((row) => row.givenName)).toEqual(['Edward']);
  });

  it('answers 401 without the booking’s token', async () => {
    const booking = await createBooking(server.app, { ...vienna, passengers: [lead] });
    expectApiError(await put(booking, { passengers: [lead], source }, {}), 401, 'UNAUTHORIZED');
    expectApiError(await put(booking, { passengers: [lead], source }, bearer('not-a-token')), 401, 'UNAUTHORIZED');
  });

  it('keeps the old booking whole when the new party cannot be booked (409 NO_RESULTS)', async () => {
    const booking = await createBooking(server.app, { ...vienna, passengers: [lead] });
    const [departure] = await server.app.db.select().from(departures).where(eq(departures.id, await viennaDepartureId()));
    const left = await placesLeft();
    // One place left: a party of two cannot be booked.
    await server.app.db.update(departures).set({ capacity: departure!.capacity - left + 1 }).where(eq(departures.id, departure!.id));
    try {
      expectApiError(await put(booking, { passengers: [lead, second], source }), 409, 'NO_RESULTS');
      expect(await bookingRow(booking.id)).toMatchObject({ status: 'Quote' });
      expect((await server.app.inject({ method: 'GET', url: '/api/bookings/tour', headers: booking.headers })).statusCode).toBe(200);
      expect(await passengerRows(booking.id)).toHaveLength(1);
    } finally {
      await server.app.db.update(departures).set({ capacity: departure!.capacity }).where(eq(departures.id, departure!.id));
    }
  });

  async function viennaDepartureId() {
    const response = await server.app.inject({ method: 'GET', url: `/api/tours/find?tour=MHW-VIE&departure=${addDays(today(), 90)}&currency=GBP` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.departure_id as number;
  }

  /** Places left on the Vienna departure as the server counts them. */
  async function placesLeft() {
    const id = await viennaDepartureId();
    const [departure] = await server.app.db.select().from(departures).where(eq(departures.id, id));
    return departure!.capacity - (await unitsTaken(server.app.db, id, new Date())).places;
  }
});
