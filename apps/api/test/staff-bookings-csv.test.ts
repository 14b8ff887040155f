import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { agents, bookingPassengers, bookings, payments } from '../src/db/schema/index.ts';
import { bookingsCsv, csvLineOf } from '../src/modules/staff-bookings/csv.ts';
import { DEMO_REFERENCES } from './account-fixtures.ts';
import { build } from './helper.ts';
import { plentyOfSingleRooms } from './payment-fixtures.ts';
import { listedBookingRows, staffSession, type StaffCaller } from './staff-fixtures.ts';
import { paidSicily, unconfirmedDayTrip } from './staff-money-fixtures.ts';

/**
 * The database writes the staff bookings CSV (csv.ts's csvLineSql, with the
 * formats of lib/sql-formats.ts and the domain's labels as parameters). Each
 * line must be, byte for byte, what csv.ts's rule of record (csvLineOf)
 * writes from the same booking's row of the list, in the list's order:
 * for the whole list and filtered, sorted every way, for bookings at every
 * edge a CSV has (quotes, commas, line breaks and formula starts in names,
 * e-mail addresses and agents' names; blank name parts; money paid beyond
 * the total; attention reasons and quote reasons, whose labels hold commas;
 * every queue).
 */
describe('the staff bookings CSV, written by the database', () => {
  const server = build();
  const app = () => server.app;
  let operations: StaffCaller;

  const leadOf = (bookingId: number) => and(eq(bookingPassengers.bookingId, bookingId), eq(bookingPassengers.isLead, true));

  beforeAll(async () => {
    await plentyOfSingleRooms(app());
    operations = await staffSession(app(), ['operations']);
    const deposit = await paidSicily(app(), 120, 'deposit');
    const paid = await paidSicily(app(), 120, 'total');
    await unconfirmedDayTrip(app());
    const demo = await app().db.select({ id: bookings.id, reference: bookings.reference }).from(bookings).where(inArray(bookings.reference, Object.values(DEMO_REFERENCES)));
    const [first, second, third] = demo.map((booking) => booking.id);
    // Names and addresses a spreadsheet would run or split, and name parts that are blank to String#trim.
    await app().db.update(bookingPassengers).set({ title: '\u00a0', givenName: '=HYPERLINK("x")', familyName: 'O"Brien, Jr', email: '@attacker.example' }).where(leadOf(first!));
    await app().db.update(bookingPassengers).set({ title: 'Dr', givenName: '\t', familyName: 'Line\r\nBreak', email: 'a,b@example.com' }).where(leadOf(second!));
    await app().db.update(bookingPassengers).set({ title: '', givenName: 'Zoë', familyName: '-Ångström', email: null }).where(leadOf(deposit.booking.id));
    // Paid more than the booking costs: a negative balance, as '-20.00'.
    await app()
      .db.insert(payments)
      .values({ bookingId: paid.booking.id, currency: 'GBP', bookingCurrency: 'GBP', amount: 2_000, status: 'succeeded', provider: 'sandbox', providerPaymentId: `csv-overpaid-${Date.now()}` });
    // Attention and quote reasons whose labels hold commas (quoted), and an agent whose name needs quoting.
    await app().db.update(bookings).set({ needsAttention: true, attentionCode: 'other-currency', attentionReason: 'Paid in USD.' }).where(eq(bookings.id, third!));
    await app().db.update(bookings).set({ quoteReason: 'rooms-sold-out' }).where(eq(bookings.id, deposit.booking.id));
    const [agent] = await app().db.select({ id: agents.id }).from(agents).limit(1);
    if (agent) {
      await app().db.update(agents).set({ name: '+Smith "Travel", & Co' }).where(eq(agents.id, agent.id));
      await app().db.update(bookings).set({ agentId: agent.id }).where(eq(bookings.id, second!));
    }
  });



  it('writes each booking’s line as its row of the list shows it, byte for byte, in the list’s order', async () => {
    const queries = [
      'sort=created&direction=desc',
      'sort=lead_name&direction=asc',
      'sort=balance&direction=desc',
      'sort=total&direction=asc',
      'sort=reference&direction=asc',
      'sort=departure&direction=desc',
      'sort=status&direction=asc',
      'name=ashworth&sort=total&direction=asc',
      'queue=balances-overdue',
      'queue=details-missing&sort=lead_name',
      'status=Quote,Optional,Unconfirmed',
      'reference=NO-SUCH-BOOKING',
    ];
    let lines = 0;
    for (const query of queries) {
      const response = await app().inject({ method: 'GET', url: `/api/staff/bookings.csv?${query}`, headers: operations.headers });
      expect(response.statusCode, response.body).toBe(200);
      const rows = await listedBookingRows(app(), operations, query);
      expect(response.body, query).toBe(bookingsCsv(rows.map(csvLineOf).join('')).toString('utf8'));
      lines += rows.length;
    }
    expect(lines).toBeGreaterThan(50);
    // The edges above are in it.
    const whole = (await app().inject({ method: 'GET', url: '/api/staff/bookings.csv', headers: operations.headers })).body;
    for (const field of ['"\'=HYPERLINK(""x"") O""Brien, Jr"', "'@attacker.example", '"Dr Line\r\nBreak"', '"a,b@example.com"', "Zoë -Ångström", ',-20.00,', '"\'+Smith ""Travel"", & Co"']) {
      expect(whole, field).toContain(field);
    }
  });
});
