import { CATALOGUE_MESSAGES, departureEtag, tourEtag } from '@tours/domain';
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays } from '../src/db/seed/dates.ts';
import { auditLog } from '../src/db/schema/index.ts';
import { bookingBody, createBooking, optionIds, submit } from './booking-fixtures.ts';
import { departureInput, extraInput, roomInput, tourInput, tourWithDeparture } from './catalogue-fixtures.ts';
import { build, expectApiError, today } from './helper.ts';
import { staffSession, type StaffCaller } from './staff-fixtures.ts';

/**
 * Issue 27: tours, departures and their options as staff manage them,
 * through HTTP as the console calls them, on both engines: ETags and 412,
 * the audit, field messages, stock never under what is sold and held,
 * prices that never touch a booking made, deletions only of what was never
 * booked, and a closed departure refused at booking at once.
 */

const REASON = 'New season programme';

describe('catalogue management', () => {
  const server = build({ env: { HOLD_SWEEP_INTERVAL_MS: '0', MAIL_RELAY_INTERVAL_MS: '0' } });
  const app = () => server.app;
  let staff: StaffCaller;
  const call = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, headers: Record<string, string> = {}) => {
    staff ??= await staffSession(app(), ['catalogue']);
    return app().inject({ method, url: `/api/staff/catalogue${url}`, headers: { ...staff.headers, ...headers }, ...(payload ? { payload } : {}) });
  };

  it('adds a tour, audits it, and refuses a taken code and bad input with field messages', async () => {
    const input = tourInput({ code: ` ${tourInput().code.toLowerCase()} ` });
    const added = await call('POST', '/tours', { ...input, reason: REASON });
    expect(added.statusCode, added.body).toBe(201);
    const tour = added.json().data;
    expect(tour).toMatchObject({ code: input.code.trim().toUpperCase(), name: input.name, kind: 'tour', booked: false, version: 1, departures: [] });
    expect(tour.itinerary).toEqual(input.itinerary);
    expect(tour.speakers).toEqual(input.speakers);
    expect(added.headers.etag).toBe(tourEtag(tour));

    const [entry] = await app().db.select().from(auditLog).where(and(eq(auditLog.entityType, 'tour'), eq(auditLog.entityId, String(tour.id))));
    expect(entry).toMatchObject({ action: 'catalogue.tour-added', staffMemberId: staff.member.id, reason: REASON, before: null });
    expect(entry!.after).toMatchObject({ code: tour.code, name: input.name });

    const again = await call('POST', '/tours', { ...tourInput({ code: tour.code }), reason: REASON });
    expectApiError(again, 409, 'CONFLICT');
    expect(again.json().error.fields).toEqual({ code: CATALOGUE_MESSAGES.codeTaken });

    const bad = await call('POST', '/tours', { ...tourInput({ code: 'no spaces!', name: '  ' }), brand_channel: 99, reason: REASON });
    expectApiError(bad, 400, 'VALIDATION_FAILED');
    expect(bad.json().error.fields).toMatchObject({ code: CATALOGUE_MESSAGES.codeFormat, name: CATALOGUE_MESSAGES.nameRequired, brand_channel: CATALOGUE_MESSAGES.brandChannel });

    const found = await call('GET', `/tours?q=${encodeURIComponent(tour.code.toLowerCase())}`);
    expect(found.json().data.items).toEqual([expect.objectContaining({ id: tour.id, code: tour.code, departures: 0, booked: false })]);
  });

  it('refuses an edit without If-Match (428) or with a stale one (412); of two saves of the same version one wins', async () => {
    const tour = (await call('POST', '/tours', { ...tourInput(), reason: REASON })).json().data;
    const body = { ...tourInput({ code: tour.code, name: 'Renamed' }), reason: 'Better name' };
    expectApiError(await call('PUT', `/tours/${tour.id}`, body), 428, 'PRECONDITION_REQUIRED');

    const saves = await Promise.all([
      call('PUT', `/tours/${tour.id}`, { ...body, name: 'First' }, { 'if-match': tourEtag(tour) }),
      call('PUT', `/tours/${tour.id}`, { ...body, name: 'Second' }, { 'if-match': tourEtag(tour) }),
    ]);
    expect(saves.map((save) => save.statusCode).sort()).toEqual([200, 412]);
    const lost = saves.find((save) => save.statusCode === 412)!;
    expect(lost.json().error.message).toBe(CATALOGUE_MESSAGES.staleTour);
    const won = saves.find((save) => save.statusCode === 200)!.json().data;
    expect(won.version).toBe(2);
    const read = await call('GET', `/tours/${tour.id}`);
    expect(read.json().data.name).toBe(won.name);
    expect(read.headers.etag).toBe(tourEtag(won));
  });

  it('keeps places, rooms and stock at or above what is sold and held, saying how many are taken', async () => {
    const { departureId, start, tourId } = await tourWithDeparture(app(), today(), 150);
    const { code } = (await call('GET', `/tours/${tourId}`)).json().data;
    // Two bookings of one each, a single room each: two places and two rooms held.
    for (let i = 0; i < 2; i++) {
      const booking = await createBooking(app(), { code, startsInDays: 150 });
      const ids = await optionIds(app(), booking);
      const chosen = await submit(app(), booking, {
        flights: [{ component_id: ids.flight('OS 456'), passenger_ids: booking.passengerIds }],
        accommodation: [{ component_id: ids.room('Hotel Sacher', 'Single'), passenger_ids: booking.passengerIds }],
      });
      expect(chosen.statusCode, chosen.body).toBe(200);
    }

    let departure = (await call('GET', `/departures/${departureId}`)).json().data;
    expect(departure).toMatchObject({ places: 20, held: 2, sold: 0, booked: true });
    const room = departure.options.find((option: { kind: string }) => option.kind === 'room');
    expect(room).toMatchObject({ stock: 4, held: 2, booked: true, room: { hotel_name: 'Hotel Sacher', city: 'Vienna', room_type: 'Single' } });

    const versionRead = departure.version;
    const fewer = await call('PUT', `/departures/${departureId}`, { ...departureInput(start, { places: 1 }), reason: REASON }, { 'if-match': departureEtag(departure) });
    expectApiError(fewer, 409, 'CONFLICT');
    expect(fewer.json().error.fields).toEqual({ places: '2 places are already sold or held: set at least 2' });

    const fewerRooms = await call('PUT', `/departures/${departureId}/options/${room.id}`, { ...roomInput({ stock: 1 }), reason: REASON }, { 'if-match': departureEtag(departure) });
    expectApiError(fewerRooms, 409, 'CONFLICT');
    expect(fewerRooms.json().error.fields).toEqual({ stock: '2 rooms are already sold or held: set at least 2' });

    const justEnough = await call('PUT', `/departures/${departureId}`, { ...departureInput(start, { places: 2 }), reason: REASON }, { 'if-match': departureEtag(departure) });
    expect(justEnough.statusCode, justEnough.body).toBe(200);
    departure = justEnough.json().data;
    expect(departure).toMatchObject({ places: 2, version: versionRead + 1 });

    // The booked departure and option stay: only closing them is allowed.
    expectApiError(await call('POST', `/departures/${departureId}/delete`, { reason: REASON }, { 'if-match': departureEtag(departure) }), 409, 'CONFLICT');
    const roomGone = await call('POST', `/departures/${departureId}/options/${room.id}/delete`, { reason: REASON }, { 'if-match': departureEtag(departure) });
    expectApiError(roomGone, 409, 'CONFLICT');
    expect(roomGone.json().error.message).toBe(CATALOGUE_MESSAGES.optionBooked);
    const tourGone = await call('POST', `/tours/${tourId}/delete`, { reason: REASON }, { 'if-match': tourEtag((await call('GET', `/tours/${tourId}`)).json().data) });
    expectApiError(tourGone, 409, 'CONFLICT');
    const codeChange = await call('PUT', `/tours/${tourId}`, { ...tourInput({ code: `${code}X` }), reason: REASON }, { 'if-match': tourEtag((await call('GET', `/tours/${tourId}`)).json().data) });
    expect(codeChange.json().error.fields).toEqual({ code: CATALOGUE_MESSAGES.codeBooked });

    // An unbooked extra goes; the option list of the booking no longer offers it.
    const extra = departure.options.find((option: { kind: string }) => option.kind === 'extra');
    const extraGone = await call('POST', `/departures/${departureId}/options/${extra.id}/delete`, { reason: REASON }, { 'if-match': departureEtag(departure) });
    expect(extraGone.statusCode, extraGone.body).toBe(200);
    expect(extraGone.json().data.options.map((option: { kind: string }) => option.kind)).toEqual(['flight', 'room']);
  });

  it('applies a new price to new bookings only, and refuses a closed departure at booking at once', async () => {
    const { departureId, start, tourId } = await tourWithDeparture(app(), today(), 160);
    const { code } = (await call('GET', `/tours/${tourId}`)).json().data;
    const before = await createBooking(app(), { code, startsInDays: 160 });
    const departure = (await call('GET', `/departures/${departureId}`)).json().data;
    const dearer = await call('PUT', `/departures/${departureId}`, { ...departureInput(start, { prices: { GBP: 210_000, USD: 269_500, AUD: 399_900 } }), reason: 'Hotel costs rose' }, { 'if-match': departureEtag(departure) });
    expect(dearer.statusCode, dearer.body).toBe(200);

    const [entry] = await app().db.select().from(auditLog).where(and(eq(auditLog.entityType, 'departure'), eq(auditLog.entityId, String(departureId)))).orderBy(desc(auditLog.id)).limit(1);
    expect(entry).toMatchObject({ action: 'catalogue.departure-changed', reason: 'Hotel costs rose', before: { prices: { GBP: 195_000, USD: 249_500, AUD: 369_900 } }, after: { prices: { GBP: 210_000, USD: 269_500, AUD: 399_900 } } });

    const after = await createBooking(app(), { code, startsInDays: 160 });
    const pageOf = async (id: number) => (await app().inject({ method: 'GET', url: `/api/staff/bookings/${id}`, headers: (await staffSession(app(), ['operations'])).headers })).json().data;
    const tourLine = (page: { components: { type: string; unit_price: { value: number } }[] }) => page.components.find((line) => line.type === 'Tour')?.unit_price.value;
    expect(tourLine(await pageOf(before.id))).toBe(195_000);
    expect(tourLine(await pageOf(after.id))).toBe(210_000);

    // Closed: refused by the next booking whatever the read cache says, and gone from the lists.
    const current = (await call('GET', `/departures/${departureId}`)).json().data;
    const listedBefore = await app().inject({ method: 'GET', url: `/api/tours/${code}` });
    expect(listedBefore.statusCode).toBe(200);
    const closed = await call('PUT', `/departures/${departureId}`, { ...departureInput(start, { status: 'closed', prices: current.prices }), reason: 'Hotel withdrew' }, { 'if-match': departureEtag(current) });
    expect(closed.statusCode, closed.body).toBe(200);
    const refused = await app().inject({ method: 'POST', url: '/api/bookings', payload: await bookingBody(app(), { code, startsInDays: 160 }) });
    expect(refused.statusCode, refused.body).toBe(409);
  });

  it("dates a booking's balance by its departure's own rule where staff set one, on the site and in the console", async () => {
    const { departureId, start, tourId } = await tourWithDeparture(app(), today(), 200);
    const { code } = (await call('GET', `/tours/${tourId}`)).json().data;
    const read = (await call('GET', `/departures/${departureId}`)).json().data;
    const bad = await call('PUT', `/departures/${departureId}`, { ...departureInput(start, { balance_due_days: 400 }), reason: REASON }, { 'if-match': departureEtag(read) });
    expect(bad.json().error.fields).toEqual({ balance_due_days: CATALOGUE_MESSAGES.balanceDueDays });
    const ruled = await call('PUT', `/departures/${departureId}`, { ...departureInput(start, { balance_due_days: 70 }), reason: 'Hotel wants its money earlier' }, { 'if-match': departureEtag(read) });
    expect(ruled.statusCode, ruled.body).toBe(200);
    expect(ruled.json().data.balance_due_days).toBe(70);

    const booking = await createBooking(app(), { code, startsInDays: 200 });
    const ids = await optionIds(app(), booking);
    const priced = await submit(app(), booking, {
      flights: [{ component_id: ids.flight('OS 456'), passenger_ids: booking.passengerIds }],
      accommodation: [{ component_id: ids.room('Hotel Sacher', 'Single'), passenger_ids: booking.passengerIds }],
    });
    expect(priced.statusCode, priced.body).toBe(200);
    expect(priced.json().data.balance_due).toBe(addDays(start, -70));
    const page = await app().inject({ method: 'GET', url: `/api/staff/bookings/${booking.id}`, headers: (await staffSession(app(), ['operations'])).headers });
    expect(page.json().data.money.balance_due_date).toBe(addDays(start, -70));

    // Without its own rule the operator's (90 days by default) applies again; the season import keeps a departure's rule.
    const exported = (await call('GET', `/departures.csv?tour=${code}`)).body;
    const reimported = await call('POST', '/departures/import', { csv: exported, dry_run: false, reason: REASON });
    expect(reimported.json().data).toMatchObject({ applied: true, unchanged: 1 });
    expect((await call('GET', `/departures/${departureId}`)).json().data.balance_due_days).toBe(70);
  });

  it('deletes what was never booked, and shows low stock on open departures yet to start', async () => {
    const { departureId, tourId } = await tourWithDeparture(app(), today(), 170);
    let departure = (await call('GET', `/departures/${departureId}`)).json().data;
    const scarce = await call('POST', `/departures/${departureId}/options`, { ...extraInput({ name: 'Private box', stock: 2 }), reason: REASON }, { 'if-match': departureEtag(departure) });
    expect(scarce.statusCode, scarce.body).toBe(201);
    departure = scarce.json().data;
    const low = (await call('GET', '/low-stock')).json().data;
    expect(low.threshold).toBe(3);
    expect(low.items).toContainEqual(expect.objectContaining({ departure_id: departureId, kind: 'extra', name: 'Private box', stock: 2, left: 2 }));

    expectApiError(await call('POST', `/departures/${departureId}/delete`, { reason: REASON }, { 'if-match': '"departure-0-v1"' }), 412, 'PRECONDITION_FAILED');
    const gone = await call('POST', `/departures/${departureId}/delete`, { reason: REASON }, { 'if-match': departureEtag(departure) });
    expect(gone.statusCode, gone.body).toBe(200);
    const tour = (await call('GET', `/tours/${tourId}`)).json().data;
    expect(tour.departures).toEqual([]);
    const tourGone = await call('POST', `/tours/${tourId}/delete`, { reason: REASON }, { 'if-match': tourEtag(tour) });
    expect(tourGone.statusCode, tourGone.body).toBe(200);
    expectApiError(await call('GET', `/tours/${tourId}`), 404, 'NOT_FOUND');
  });

  it('imports a season from CSV: a dry run lists every error by line and writes nothing; a clean file creates and updates', async () => {
    const { tourId, start } = await tourWithDeparture(app(), today(), 180);
    const { code } = (await call('GET', `/tours/${tourId}`)).json().data;
    const exported = await call('GET', `/departures.csv?from=${start}&to=${start}&tour=${code}`);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('text/csv');
    const header = 'tour_code,start_date,end_date,status,hidden,places,price_gbp,price_usd,price_aud';
    expect(exported.body).toBe(`${header}\r\n${code},${start},${addDays(start, 4)},open,no,20,1950.00,2495.00,3699.00\r\n`);

    const later = addDays(start, 7);
    const withErrors = [
      header,
      `${code},${start},${addDays(start, 4)},open,no,24,1950.00,2495.00,3699.00`,
      `${code},${later},${addDays(later, 4)},open,no,18,2050,2600.5,3800.00`,
      `NOPE,${later},${later},open,no,10,1,1,1`,
      `${code},${later},${addDays(later, -1)},sometimes,maybe,-3,12.345,1,1`,
    ].join('\n');
    const dry = await call('POST', '/departures/import', { csv: withErrors, dry_run: true, reason: REASON });
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json().data).toMatchObject({ dry_run: true, applied: false, rows: 4, created: 1, updated: 1, unchanged: 0 });
    expect(dry.json().data.errors).toEqual([
      { line: 4, column: 'tour_code', message: 'No tour has this code' },
      { line: 5, column: 'end_date', message: CATALOGUE_MESSAGES.datesOrdered },
      { line: 5, column: 'status', message: 'Write one of: open, on_request, closed' },
      { line: 5, column: 'hidden', message: 'Write yes or no' },
      { line: 5, column: 'places', message: 'Write a whole number from 0' },
      { line: 5, column: 'price_gbp', message: 'Write the price in major units with at most two decimals, for example 4250.00' },
    ]);
    const real = await call('POST', '/departures/import', { csv: withErrors, dry_run: false, reason: REASON });
    expect(real.json().data).toMatchObject({ applied: false });
    expect((await call('GET', `/tours/${tourId}`)).json().data.departures).toHaveLength(1);

    const clean = withErrors.split('\n').slice(0, 3).join('\r\n');
    const applied = await call('POST', '/departures/import', { csv: clean, dry_run: false, reason: REASON });
    expect(applied.json().data).toMatchObject({ applied: true, rows: 2, created: 1, updated: 1, errors: [] });
    const tour = (await call('GET', `/tours/${tourId}`)).json().data;
    expect(tour.departures.map((departure: { start_date: string; places: number }) => [departure.start_date, departure.places])).toEqual([
      [start, 24],
      [later, 18],
    ]);
    const added = (await call('GET', `/departures/${tour.departures[1].id}`)).json().data;
    expect(added.prices).toEqual({ GBP: 205_000, USD: 260_050, AUD: 380_000 });
    const again = await call('POST', '/departures/import', { csv: clean, dry_run: true, reason: REASON });
    expect(again.json().data).toMatchObject({ created: 0, updated: 0, unchanged: 2, errors: [] });
  });
});
