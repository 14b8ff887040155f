import { BALANCE_DUE_DAYS, balanceDueDate, bookingDetailsComplete } from '@tours/domain';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookingComponents, bookings, customers, departures, payments } from '../src/db/schema/index.ts';
import { DEMO_BOOKINGS } from '../src/db/seed/data/customers.ts';
import { accountBooking, accountPayments, accountTestServer, DEMO, DEMO_REFERENCES } from './account-fixtures.ts';
import { buildTestApp, createTestDatabase, expectApiError } from './helper.ts';

describe('the account area’s reads', () => {
  const { app, headersFor, seedCustomer } = accountTestServer();

  /** Our own figures for a booking: its lines' total and its succeeded payments. */
  async function figures(bookingId: number) {
    const lines = await app().db.select().from(bookingComponents).where(eq(bookingComponents.bookingId, bookingId));
    const paid = await app().db.select().from(payments).where(eq(payments.bookingId, bookingId));
    const total = lines.reduce((sum, line) => sum + line.price, 0);
    return { total, paid: paid.filter((p) => p.status === 'succeeded').reduce((sum, p) => sum + p.amount, 0) };
  }

  it('lists only the signed-in customer’s bookings, each with its total and outstanding balance', async () => {
    const copy = await seedCustomer();
    const response = await app().inject({ method: 'GET', url: '/api/account/bookings', headers: copy.headers });
    expect(response.statusCode, response.body).toBe(200);
    const items = response.json().data.items as { id: number; booking_reference: string; status: string; outstanding_balance: { value: number; currency: string }; total_price: { value: number; currency_code: string }; currency_code: string; balance_due: string | null; start_date: string }[];
    expect(items.map((b) => b.id).sort()).toEqual(copy.bookings.map((b) => b.id).sort());
    expect(items.map((b) => b.booking_reference).sort()).toEqual(copy.bookings.map((b) => b.reference).sort());

    const byId = new Map(items.map((b) => [b.id, b]));
    const withBalance = byId.get(copy.withBalance.id)!;
    const { total, paid } = await figures(copy.withBalance.id);
    expect(paid).toBeGreaterThan(0);
    expect(withBalance).toMatchObject({
      status: 'Confirmed',
      currency_code: 'GBP',
      total_price: { value: total, currency_code: 'GBP' },
      outstanding_balance: { value: total - paid, currency: 'GBP' },
      balance_due: balanceDueDate(withBalance.start_date, BALANCE_DUE_DAYS),
    });
    expect(withBalance.outstanding_balance.value).toBeGreaterThan(0);

    const paidInFull = byId.get(copy.paidInFull.id)!;
    expect(paidInFull).toMatchObject({ status: 'Confirmed', currency_code: 'USD', outstanding_balance: { value: 0, currency: 'USD' }, balance_due: null });
    expect(paidInFull.total_price.value).toBe((await figures(copy.paidInFull.id)).total);
    // A cancelled booking owes nothing, though its payment was refunded.
    expect(byId.get(copy.cancelled.id)).toMatchObject({ status: 'Cancelled', outstanding_balance: { value: 0 } });
    expect(byId.get(copy.past.id)).toMatchObject({ status: 'Confirmed', outstanding_balance: { value: 0 } });

    // The demo customer's own list is theirs alone: none of the copy's bookings.
    const demo = await app().inject({ method: 'GET', url: '/api/account/bookings', headers: await headersFor(DEMO) });
    const demoItems = demo.json().data.items as { id: number; booking_reference: string }[];
    expect(demoItems.map((b) => b.booking_reference).sort()).toEqual(Object.values(DEMO_REFERENCES).sort());
    expect(demoItems.some((b) => copy.bookings.some((c) => c.id === b.id))).toBe(false);
  });

  it('answers an empty list to someone signed in who has no bookings, and 401 without a token', async () => {
    const stranger = await app().inject({ method: 'GET', url: '/api/account/bookings', headers: await headersFor('nobody-here@example.com') });
    expect(stranger.statusCode, stranger.body).toBe(200);
    expect(stranger.json().data.items).toEqual([]);
    expectApiError(await app().inject({ method: 'GET', url: '/api/account/bookings' }), 401, 'UNAUTHORIZED');
  });

  it('answers one booking with its components and passengers', async () => {
    const copy = await seedCustomer();
    const detail = await accountBooking(app(), copy.headers, copy.withBalance.id);
    const lines = await app().db.select().from(bookingComponents).where(eq(bookingComponents.bookingId, copy.withBalance.id)).orderBy(asc(bookingComponents.id));
    expect(detail.components).toEqual(lines.map((line) => ({ id: line.id, name: line.name, component_type: line.componentType, price: { value: line.price, currency_code: 'GBP' } })));
    expect(detail.components[0]!.component_type).toBe('Tour');
    const [row] = await app().db.select({ endDate: departures.endDate, confirmedDate: bookings.confirmedDate }).from(bookings).innerJoin(departures, eq(departures.id, bookings.departureId)).where(eq(bookings.id, copy.withBalance.id));
    const seed = DEMO_BOOKINGS.find((b) => b.reference === DEMO_REFERENCES.withBalance)!;
    expect(detail.booking).toMatchObject({
      id: copy.withBalance.id,
      booking_reference: copy.withBalance.reference,
      end_date: row!.endDate,
      confirmed_date: row!.confirmedDate!.toISOString(),
      principal_component_name: detail.components[0]!.name,
      correspondence: null,
      details_complete: false,
    });
    expect(detail.passengers.map((p) => `${p.forename} ${p.surname}`)).toEqual(seed.passengers.map((p) => `${p.givenName} ${p.familyName}`));
    expect(detail.passengers[0]).toMatchObject({ type: 'Adult', apis: { document_number: '925076473' }, insurance: { policy_number: 'CMT-55120-88' }, arrival_time: null });
    expect(detail.passengers[1]).toMatchObject({ apis: null, insurance: null, joining_information: null });
    expect(bookingDetailsComplete(detail.passengers as never, null)).toBe(false);
  });

  it('lists a booking’s payments newest first, with the gateway status', async () => {
    const copy = await seedCustomer();
    const items = await accountPayments(app(), copy.headers, copy.withBalance.id);
    const rows = await app().db.select().from(payments).where(eq(payments.bookingId, copy.withBalance.id));
    expect(items).toHaveLength(2);
    expect(items.map((p) => p.created_date)).toEqual([...items.map((p) => p.created_date)].sort().reverse());
    expect(items.map((p) => p.reference)).toEqual([`${copy.withBalance.reference}-P2`, `${copy.withBalance.reference}-P1`]);
    for (const item of items) {
      const row = rows.find((r) => r.id === item.id)!;
      expect(item).toEqual({
        id: row.id,
        payment_id: row.providerPaymentId,
        reference: row.reference,
        created_date: row.createdAt.toISOString(),
        amount: { value: row.amount, currency: 'GBP' },
        detail: { gateway_status: row.gatewayStatus },
        currency: 'GBP',
      });
    }
    // The cancelled booking's refunded payment is listed as the provider says it is.
    const refunded = await accountPayments(app(), copy.headers, copy.cancelled.id);
    expect(refunded.map((p) => p.detail.gateway_status)).toEqual(['Refunded']);
  });

  it('seeds a copy of the demo customer for browser tests: new e-mail and references, the demo’s own bookings, no places taken', async () => {
    const copy = await seedCustomer();
    expect(copy.email).not.toBe(DEMO);
    expect(copy.bookings.map((b) => b.demo_reference)).toEqual(DEMO_BOOKINGS.map((b) => b.reference));
    expect(copy.bookings.map((b) => b.status)).toEqual(DEMO_BOOKINGS.map((b) => b.status));
    for (const booking of copy.bookings) expect(booking.reference).toMatch(/^MER-\d{6}$/);
    expect(new Set([...copy.bookings.map((b) => b.reference), ...Object.values(DEMO_REFERENCES)]).size).toBe(8);
    const [customer] = await app().db.select().from(customers).where(eq(customers.email, copy.email));
    expect(customer).toMatchObject({ forename: 'Margaret', surname: 'Ashworth' });
    // The copy costs and owes what the demo booking does.
    const demo = await app().db.select({ id: bookings.id }).from(bookings).where(eq(bookings.reference, DEMO_REFERENCES.withBalance));
    expect(await figures(copy.withBalance.id)).toEqual(await figures(demo[0]!.id));
    // An e-mail that is a customer already is refused.
    const again = await app().inject({ method: 'POST', url: '/api/testing/account-customer', payload: { email: copy.email } });
    expectApiError(again, 409, 'CONFLICT');
  });
});

describe('the testing route', () => {
  it('is not there without TEST_FAULTS', async () => {
    const database = await createTestDatabase();
    const app = await buildTestApp(database);
    try {
      const response = await app.inject({ method: 'POST', url: '/api/testing/account-customer', payload: {} });
      expect(response.statusCode).toBe(404);
      const openapi = await app.inject({ method: 'GET', url: '/api/docs/json' });
      expect(openapi.body).not.toContain('/testing/');
    } finally {
      await app.close();
      await database.drop();
    }
  });
});
