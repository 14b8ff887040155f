import { randomUUID } from 'node:crypto';
import { STAFF_QUEUES, STAFF_SEARCH_MESSAGES } from '@tours/domain';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, bookings } from '../src/db/schema/index.ts';
import { CSV_HEADER } from '../src/modules/staff-bookings/csv.ts';
import { DEMO_REFERENCES } from './account-fixtures.ts';
import { build, expectApiError } from './helper.ts';
import { plentyOfSingleRooms } from './payment-fixtures.ts';
import { staffSession, type StaffCaller } from './staff-fixtures.ts';
import { paidSicily, unconfirmedDayTrip } from './staff-money-fixtures.ts';

/**
 * The staff console's read side (issue 26): bookings searched, filtered,
 * sorted and paged by the server, the same list as CSV, the work queue's
 * counts and lists, a booking's page, its e-mails, and internal notes.
 * The seeded demo bookings (the Ashworths') and bookings made through the
 * booking flow are what it finds.
 */
describe('staff bookings', () => {
  const server = build();
  const app = () => server.app;
  let operations: StaffCaller;
  let finance: StaffCaller;

  beforeAll(async () => {
    await plentyOfSingleRooms(app());
    operations = await staffSession(app(), ['operations']);
    finance = await staffSession(app(), ['finance']);
  });

  const list = async (query: string, caller: StaffCaller = operations) => {
    const response = await app().inject({ method: 'GET', url: `/api/staff/bookings?${query}`, headers: caller.headers });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    return response.json().data as { items: { id: number; booking_reference: string; status: string; lead: { name: string } | null; tour: { code: string }; flags: string[] }[]; total: number };
  };
  const idOf = async (reference: string) => (await app().db.select({ id: bookings.id }).from(bookings).where(eq(bookings.reference, reference)))[0]!.id;

  it('finds a booking by its reference (any case), its id, a passenger’s name without accents, an e-mail, a tour code, a status', async () => {
    const id = await idOf(DEMO_REFERENCES.withBalance);
    expect((await list('reference=mer-480153')).items.map((row) => row.id)).toEqual([id]);
    expect((await list(`q=${id}`)).items.map((row) => row.id)).toEqual([id]);
    const byName = await list('name=ASHWORTH&page_size=100');
    expect(byName.items.map((row) => row.booking_reference)).toEqual(expect.arrayContaining(Object.values(DEMO_REFERENCES)));
    expect((await list('q=demo@example')).total).toBeGreaterThanOrEqual(4);
    expect((await list('tour=mhw-vie&name=ashworth')).items.map((row) => row.id)).toEqual([id]);
    const cancelled = await list('status=Cancelled&name=ashworth');
    expect(cancelled.items.map((row) => row.booking_reference)).toEqual([DEMO_REFERENCES.cancelled]);
  });

  it('pages and sorts on the server: the same total on every page, no booking twice', async () => {
    const first = await list('name=ashworth&page_size=2&sort=reference&direction=asc');
    const second = await list('name=ashworth&page_size=2&page=2&sort=reference&direction=asc');
    expect(first.total).toBe(second.total);
    const references = [...first.items, ...second.items].map((row) => row.booking_reference);
    expect(new Set(references).size).toBe(references.length);
    expect(references).toEqual([...references].sort());
  });

  it('sorts by total, balance and lead name as the rows show them, with or without filters, the CSV in the same order', async () => {
    type Row = { id: number; total: { value: number }; balance: { value: number }; lead: { name: string } | null };
    const rows = async (query: string) => (await list(`${query}&page_size=100`)).items as unknown as Row[];
    const ordered = (values: (number | string)[], direction: 'asc' | 'desc') =>
      values.every((value, index) => index === 0 || (direction === 'asc' ? values[index - 1]! <= value : values[index - 1]! >= value));
    for (const filter of ['', 'status=Confirmed,Optional,Quote,Unconfirmed,Cancelled&']) {
      for (const direction of ['asc', 'desc'] as const) {
        const byTotal = await rows(`${filter}sort=total&direction=${direction}`);
        expect(byTotal.length).toBeGreaterThan(3);
        expect(ordered(byTotal.map((row) => row.total.value), direction), `${filter} total ${direction}`).toBe(true);
        const byBalance = await rows(`${filter}sort=balance&direction=${direction}`);
        expect(ordered(byBalance.map((row) => row.balance.value), direction), `${filter} balance ${direction}`).toBe(true);
      }
    }
    const csv = await app().inject({ method: 'GET', url: '/api/staff/bookings.csv?sort=balance&direction=asc', headers: operations.headers });
    const csvIds = csv.body.replace(/^\uFEFF/, '').trimEnd().split('\r\n').slice(1).map((line) => Number(line.split(',')[1]));
    expect(csvIds.slice(0, 100)).toEqual((await rows('sort=balance&direction=asc')).map((row) => row.id));
  });

  it('lists in each queue only bookings whose row shows that queue', async () => {
    const unconfirmed = await unconfirmedDayTrip(app());
    for (const queue of STAFF_QUEUES) {
      const queued = await list(`queue=${queue}&page_size=100`);
      for (const row of queued.items) expect(row.flags, `${queue}: booking ${row.id}`).toContain(queue);
    }
    await unconfirmed.free();
  });

  it('refuses bad filters with the field’s message, never a 500', async () => {
    for (const [query, field, message] of [
      ['page=0', 'page', STAFF_SEARCH_MESSAGES.page],
      ['page_size=101', 'page_size', STAFF_SEARCH_MESSAGES.pageSize],
      ['status=Lost', 'status', STAFF_SEARCH_MESSAGES.status],
      ['name=a', 'name', STAFF_SEARCH_MESSAGES.nameTooShort],
      ['q=%00abc', 'q', null],
      ['departure_from=2027-02-01&departure_to=2027-01-01', 'departure_to', STAFF_SEARCH_MESSAGES.datesOrdered],
    ] as const) {
      const response = await app().inject({ method: 'GET', url: `/api/staff/bookings?${query}`, headers: operations.headers });
      expectApiError(response, 400, 'VALIDATION_FAILED');
      const fields = response.json().error.fields ?? {};
      expect(Object.keys(fields), query).toContain(field);
      if (message) expect(fields[field]).toBe(message);
    }
  });

  it('exports the filtered list as CSV, in the list’s order, with exact amounts', async () => {
    const response = await app().inject({ method: 'GET', url: '/api/staff/bookings.csv?name=ashworth&sort=reference&direction=asc', headers: finance.headers });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="bookings-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = response.body.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines[0]).toBe(CSV_HEADER.join(','));
    const page = await list('name=ashworth&sort=reference&direction=asc&page_size=100');
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(page.items.map((row) => row.booking_reference));
    expect(lines.find((line) => line.startsWith(DEMO_REFERENCES.withBalance))).toMatch(/,GBP,\d+\.\d{2},\d+\.\d{2},\d+\.\d{2},/);
  });

  it('has something of the demo in every queue, so the console shows each at work on npm start', async () => {
    const response = await app().inject({ method: 'GET', url: '/api/staff/queue', headers: operations.headers });
    const empty = (response.json().data.items as { queue: string; count: number }[]).filter((entry) => entry.count === 0).map((entry) => entry.queue);
    expect(empty).toEqual([]);
  });

  it('counts every queue, and each count is its list’s total; a paid-but-unconfirmed booking is in its queue', async () => {
    const unconfirmed = await unconfirmedDayTrip(app());
    const response = await app().inject({ method: 'GET', url: '/api/staff/queue', headers: operations.headers });
    expect(response.statusCode, response.body).toBe(200);
    const counts = response.json().data.items as { queue: string; count: number }[];
    expect(counts.map((entry) => entry.queue)).toEqual([...STAFF_QUEUES]);
    for (const { queue, count } of counts) expect((await list(`queue=${queue}&page_size=1`)).total, queue).toBe(count);
    const queued = await list('queue=unconfirmed&page_size=100');
    expect(queued.items.find((row) => row.id === unconfirmed.booking.id)).toMatchObject({ status: 'Unconfirmed', flags: expect.arrayContaining(['unconfirmed']) });
  });

  it('shows a booking’s page; passports only to operations, and their reading audited', async () => {
    const id = await idOf(DEMO_REFERENCES.withBalance);
    const forFinance = (await (await app().inject({ method: 'GET', url: `/api/staff/bookings/${id}`, headers: finance.headers })).json()).data;
    expect(forFinance.booking).toMatchObject({ booking_reference: DEMO_REFERENCES.withBalance, status: 'Confirmed', tour: { code: 'MHW-VIE' } });
    expect(forFinance.passengers[0].passport).toEqual({ provided: true, masked: true, details: null });
    expect(forFinance.payments).toHaveLength(2);
    expect(forFinance.money.balance.value).toBe(forFinance.money.total.value - forFinance.money.paid.value);
    expect(forFinance.components.length).toBeGreaterThan(0);

    const response = await app().inject({ method: 'GET', url: `/api/staff/bookings/${id}`, headers: operations.headers });
    expect(response.json().data.passengers[0].passport).toMatchObject({ provided: true, masked: false, details: { document_number: expect.any(String) } });
    const [read] = await app()
      .db.select()
      .from(auditLog)
      .where(and(eq(auditLog.bookingId, id), eq(auditLog.action, 'passports.read'), eq(auditLog.staffMemberId, operations.member.id)));
    expect(read).toBeDefined();
    const missing = await app().inject({ method: 'GET', url: '/api/staff/bookings/2147483647', headers: operations.headers });
    expectApiError(missing, 404, 'NOT_FOUND');
  });

  it('shows the e-mails sent about a booking, each with its text', async () => {
    const { booking } = await paidSicily(app());
    const page = (await (await app().inject({ method: 'GET', url: `/api/staff/bookings/${booking.id}`, headers: operations.headers })).json()).data;
    expect(page.messages.length).toBeGreaterThan(0);
    const message = await app().inject({ method: 'GET', url: `/api/staff/bookings/${booking.id}/messages/${page.messages[0].id}`, headers: operations.headers });
    expect(message.statusCode, message.body).toBe(200);
    expect(message.json().data.text.length).toBeGreaterThan(0);
    const other = await app().inject({ method: 'GET', url: `/api/staff/bookings/${await idOf(DEMO_REFERENCES.withBalance)}/messages/${page.messages[0].id}`, headers: operations.headers });
    expectApiError(other, 404, 'NOT_FOUND');
  });

  it('adds an internal note once per Idempotency-Key, audited, shown on the page; another text with the key is 409', async () => {
    const id = await idOf(DEMO_REFERENCES.paidInFull);
    const key = randomUUID();
    const send = (text: string, sendKey = key) =>
      app().inject({ method: 'POST', url: `/api/staff/bookings/${id}/notes`, headers: { ...operations.headers, 'idempotency-key': sendKey }, payload: { text } });
    const first = await send('Called Mrs Ashworth: <b>prefers</b> a window seat');
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data).toMatchObject({ text: 'Called Mrs Ashworth: prefers a window seat', author: { id: operations.member.id } });
    const again = await send('Called Mrs Ashworth: <b>prefers</b> a window seat');
    expect(again.json().data.id).toBe(first.json().data.id);
    expectApiError(await send('Something else'), 409, 'CONFLICT');
    const noKey = await app().inject({ method: 'POST', url: `/api/staff/bookings/${id}/notes`, headers: operations.headers, payload: { text: 'x' } });
    expectApiError(noKey, 400, 'VALIDATION_FAILED');
    const page = (await (await app().inject({ method: 'GET', url: `/api/staff/bookings/${id}`, headers: operations.headers })).json()).data;
    expect(page.notes.filter((note: { id: number }) => note.id === first.json().data.id)).toHaveLength(1);
    expect(page.history.filter((entry: { action: string }) => entry.action === 'booking.note_added')).toHaveLength(1);
  });
});
