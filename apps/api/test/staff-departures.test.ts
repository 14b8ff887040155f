import { formatAmount, travelsOnDeparture } from '@tours/domain';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, bookings } from '../src/db/schema/index.ts';
import { DEMO_REFERENCES } from './account-fixtures.ts';
import { build, expectApiError } from './helper.ts';
import { agentConfirm, JANE, makeAgentBooking, verified } from './agents-fixtures.ts';
import { lead } from './booking-fixtures.ts';
import { bookSicily, plentyOfSingleRooms, SICILY } from './payment-fixtures.ts';
import { readPdf } from './pdf-reading.ts';
import { staffSession, type StaffCaller } from './staff-fixtures.ts';
import { paidSicily } from './staff-money-fixtures.ts';

/**
 * A departure's operations in the staff console (issue 28): the departures
 * list, a departure's page whose figures are the booking pages' to the
 * penny, and the ground team's documents as CSV and PDF, the flight
 * manifest (passports' API data) refused to a role without passports.read
 * and audited for one with it.
 */
describe('staff departures', () => {
  const server = build();
  const app = () => server.app;
  let operations: StaffCaller;
  let finance: StaffCaller;
  let sicily: Awaited<ReturnType<typeof paidSicily>>;
  let sicilyDeparture: number;
  let viennaDeparture: number;

  const get = async (url: string, caller: StaffCaller = operations) => {
    const response = await app().inject({ method: 'GET', url, headers: caller.headers });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    return response;
  };
  const bookingPage = async (id: number) => (await get(`/api/staff/bookings/${id}`)).json().data;
  const idOf = async (reference: string) => (await app().db.select({ id: bookings.id }).from(bookings).where(eq(bookings.reference, reference)))[0]!.id;

  beforeAll(async () => {
    await plentyOfSingleRooms(app());
    operations = await staffSession(app(), ['operations']);
    finance = await staffSession(app(), ['finance']);
    sicily = await paidSicily(app(), 120, 'deposit');
    sicilyDeparture = (await bookingPage(sicily.booking.id)).booking.departure.id;
    viennaDeparture = (await bookingPage(await idOf(DEMO_REFERENCES.withBalance))).booking.departure.id;
  });

  it('lists departures by tour code and dates, paged, with places sold, held and left', async () => {
    const page = (await get('/api/staff/departures?tour=tsg-sic&page_size=100')).json().data;
    expect(page.items.length).toBeGreaterThan(0);
    expect(page.items.every((row: { tour: { code: string } }) => row.tour.code === 'TSG-SIC')).toBe(true);
    const row = page.items.find((item: { id: number }) => item.id === sicilyDeparture);
    expect(row.places.sold).toBeGreaterThanOrEqual(1);
    expect(row.places.left).toBe(Math.max(0, row.places.capacity - row.places.sold - row.places.held));
    // Part of a code or of a name finds the tour too, and LIKE's signs are no wildcards.
    const byName = (await get('/api/staff/departures?tour=greeks%20and&page_size=100')).json().data;
    expect(byName.items.map((item: { id: number }) => item.id)).toEqual(page.items.map((item: { id: number }) => item.id));
    expect((await get('/api/staff/departures?tour=tsg-s&page_size=100')).json().data.total).toBe(page.total);
    expect((await get('/api/staff/departures?tour=%25')).json().data.total).toBe(0);
    const dated = (await get(`/api/staff/departures?from=${row.start_date}&to=${row.start_date}`)).json().data;
    expect(dated.items.map((item: { id: number }) => item.id)).toContain(sicilyDeparture);
    expect(dated.items.every((item: { start_date: string }) => item.start_date === row.start_date)).toBe(true);
    const paged = (await get('/api/staff/departures?page_size=1&page=2')).json().data;
    expect(paged.items).toHaveLength(1);
    expect(paged.total).toBeGreaterThan(1);
    await expectApiError(await app().inject({ method: 'GET', url: '/api/staff/departures?from=2027-02-01&to=2027-01-01', headers: operations.headers }), 400, 'VALIDATION_FAILED');
  });

  it("gives a departure's revenue per currency as the booking pages give it, to the penny, counting settled bookings only", async () => {
    const detail = (await get(`/api/staff/departures/${sicilyDeparture}`)).json().data;
    const found = (await get(`/api/staff/bookings?tour=TSG-SIC&departure_from=${detail.departure.start_date}&departure_to=${detail.departure.start_date}&page_size=100`)).json().data;
    const expected = new Map<string, { total: number; taken: number; outstanding: number; bookings: number }>();
    for (const item of found.items) {
      const page = await bookingPage(item.id);
      if (page.booking.departure.id !== sicilyDeparture) continue;
      // The domain's rule, which the departure's statements write in SQL: settled bookings only.
      if (!travelsOnDeparture(page.booking)) continue;
      const line = expected.get(page.booking.currency) ?? { total: 0, taken: 0, outstanding: 0, bookings: 0 };
      line.total += page.money.total.value;
      line.taken += page.money.paid.value;
      line.outstanding += page.money.outstanding.value;
      line.bookings += 1;
      expected.set(page.booking.currency, line);
    }
    expect(expected.size).toBeGreaterThan(0);
    const revenue = Object.fromEntries(detail.revenue.map((line: { currency: string; bookings: number; total: { value: number }; taken: { value: number }; outstanding: { value: number } }) => [line.currency, { total: line.total.value, taken: line.taken.value, outstanding: line.outstanding.value, bookings: line.bookings }]));
    expect(revenue).toEqual(Object.fromEntries(expected));
    // The deposit taken, the rest outstanding: the Sicily booking is in the figures.
    expect(revenue.GBP.taken).toBeGreaterThanOrEqual(sicily.totals.deposit);
    // Edward Elgar answered no section yet: his details are missing.
    expect(detail.missing_details).toEqual(
      expect.arrayContaining([expect.objectContaining({ booking_reference: (await bookingPage(sicily.booking.id)).booking.reference, name: 'Mr Edward Elgar', missing: ['Passport', 'Insurance', 'Joining information', 'Arrival time'] })]),
    );
    expect(detail.rooms.length).toBeGreaterThan(0);
    for (const hotel of detail.rooms) for (const room of hotel.room_types) expect(room.left).toBe(Math.max(0, room.inventory - room.sold - room.held));
  });

  it('writes the passenger manifest and the rooming list as CSV and as PDF, without a booking that is not settled', async () => {
    const reference = (await bookingPage(sicily.booking.id)).booking.reference as string;
    // Gustav Holst's booking is still a quote, holding its places: held on the page, on no list.
    await bookSicily(app(), { ...SICILY, passengers: [{ ...lead, given_name: 'Gustav', family_name: 'Holst' }] });
    const detail = (await get(`/api/staff/departures/${sicilyDeparture}`)).json().data;
    expect(detail.departure.places.held).toBeGreaterThanOrEqual(1);
    expect(detail.missing_details.some((passenger: { name: string }) => passenger.name.includes('Holst'))).toBe(false);
    const csv = await get(`/api/staff/departures/${sicilyDeparture}/passenger-manifest?format=csv`, finance);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="passenger-manifest-TSG-SIC-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Booking,Passenger,Lead,E-mail,Telephone,Agent,Special requests,Arrival time,Joining point');
    expect(lines).toContain(`${reference},Mr Edward Elgar,Yes,edward@example.com,07700900123 / 01905333224,,"Aisle seat, please",,`);

    const rooming = (await get(`/api/staff/departures/${sicilyDeparture}/rooming-list?format=csv`)).body;
    expect(rooming).toContain('Hotel,Room type,Occupants,Booking,Tour nights,Additional nights,Nights');
    expect(rooming).toMatch(new RegExp(`Hotel Villa Aretusa,Single,Mr Edward Elgar,${reference},\\d+,0,\\d+`));
    expect(`${csv.body}${rooming}`).not.toContain('Holst');

    const pdf = await get(`/api/staff/departures/${sicilyDeparture}/passenger-manifest?format=pdf`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = (await readPdf(pdf.rawPayload)).text;
    expect(text).toContain('Passenger manifest');
    expect(text).toContain('Mr Edward Elgar');
    expect(text).toContain(reference);
    const roomingPdf = (await readPdf((await get(`/api/staff/departures/${sicilyDeparture}/rooming-list?format=pdf`)).rawPayload)).text;
    expect(roomingPdf).toContain('Rooming list');
    expect(roomingPdf).toContain('Hotel Villa Aretusa');
  });

  it('refuses the flight manifest to a role without passports.read, and audits each download by one with it', async () => {
    const refused = await app().inject({ method: 'GET', url: `/api/staff/departures/${viennaDeparture}/flight-manifest?format=csv`, headers: finance.headers });
    await expectApiError(refused, 403, 'FORBIDDEN');
    const audited = () =>
      app().db.select().from(auditLog).where(and(eq(auditLog.action, 'departure.flight_manifest.downloaded'), eq(auditLog.entityId, String(viennaDeparture))));
    expect(await audited()).toHaveLength(0);

    const csv = (await get(`/api/staff/departures/${viennaDeparture}/flight-manifest?format=csv`)).body;
    expect(csv).toContain('Flight,Passenger,Booking,Date of birth,Document,Number,Nationality,Issued,Expires,Place of birth,Residence');
    // The demo's Ashworths fly out and back: Margaret gave her passport, Thomas not yet.
    expect(csv).toContain('BA 702 London Heathrow (LHR)–Vienna (VIE),Mrs Margaret Ashworth,MER-480153,1958-04-12,Passport,925076473,GBR,2019-06-14,2029-06-14,Bath,GBR');
    expect(csv).toContain('BA 702 London Heathrow (LHR)–Vienna (VIE),Mr Thomas Ashworth,MER-480153,1956-11-02,Not given,,,,,,');
    // The Ashworths share a double at each hotel; their additional night is after the tour, at the last hotel.
    const rooming = (await get(`/api/staff/departures/${viennaDeparture}/rooming-list?format=csv`, finance)).body;
    expect(rooming).toContain('Hotel Königshof,Double,Mrs Margaret Ashworth; Mr Thomas Ashworth,MER-480153,3,0,3');
    expect(rooming).toContain('Gästehaus Mönchsberg,Double,Mrs Margaret Ashworth; Mr Thomas Ashworth,MER-480153,2,1,3');
    const pdf = await get(`/api/staff/departures/${viennaDeparture}/flight-manifest?format=pdf`);
    const text = (await readPdf(pdf.rawPayload)).text;
    expect(text).toContain('Flight manifest');
    expect(text).toContain('925076473');
    const entries = await audited();
    expect(entries).toHaveLength(2);
    expect(entries.map((entry) => entry.staffMemberId)).toEqual([operations.member.id, operations.member.id]);
    expect(entries.map((entry) => (entry.detail as { format: string }).format).sort()).toEqual(['csv', 'pdf']);
  });

  it('answers 404 for a departure that does not exist', async () => {
    await expectApiError(await app().inject({ method: 'GET', url: '/api/staff/departures/999999', headers: operations.headers }), 404, 'NOT_FOUND');
    await expectApiError(await app().inject({ method: 'GET', url: '/api/staff/departures/999999/agency-statement?format=pdf', headers: operations.headers }), 404, 'NOT_FOUND');
  });

  it('writes the agency statement with each agency’s bookings, their amounts as the booking page has them, and its totals', async () => {
    // Jane Holt (AG1001) books a client on the Sicily departure and confirms it without paying: the agency owes it all.
    const { booking } = await bookSicily(app(), { ...SICILY, startsInDays: 120, passengers: [{ ...lead, given_name: 'Hubert', family_name: 'Parry' }] });
    await makeAgentBooking(app(), booking, await verified(app(), JANE));
    expect((await agentConfirm(app(), booking)).statusCode).toBe(200);
    const page = await bookingPage(booking.id);
    expect(page.booking.departure.id).toBe(sicilyDeparture);
    const amount = (value: number) => (value / 100).toFixed(2);
    const csv = (await get(`/api/staff/departures/${sicilyDeparture}/agency-statement?format=csv`)).body.replace(/^\uFEFF/, '').split('\r\n');
    expect(csv[0]).toBe('Agency,Booking,Status,Lead passenger,Passengers,Currency,Total,Paid,Outstanding');
    const row = `AG1001,${page.booking.reference},Confirmed,Mr Hubert Parry,1,GBP,${amount(page.money.total.value)},${amount(page.money.paid.value)},${amount(page.money.outstanding.value)}`;
    expect(csv).toContain(row);
    expect(csv.filter((line) => line.startsWith('AG1001,Total,'))).toHaveLength(1);
    // The customer's own booking is no agency's.
    expect(csv.some((line) => line.includes('Mr Edward Elgar'))).toBe(false);
    const detail = (await get(`/api/staff/departures/${sicilyDeparture}`)).json().data;
    expect(detail.agencies).toEqual(expect.arrayContaining([expect.objectContaining({ code: 'AG1001' })]));

    const pdf = (await readPdf((await get(`/api/staff/departures/${sicilyDeparture}/agency-statement?format=pdf`)).rawPayload)).text;
    expect(pdf).toContain('Agency statement');
    expect(pdf).toContain('(AG1001)');
    expect(pdf).toContain('Mr Hubert Parry');
    expect(pdf).toContain(formatAmount(page.money.outstanding.value, 'GBP', { pence: 'always' }));
  });
});
