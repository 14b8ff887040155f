import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_BOOKINGS, DEMO_CUSTOMER } from '../src/db/seed/data/customers.ts';
import { auditLog, bookings, customers } from '../src/db/schema/index.ts';
import { confirmBookingCore } from '../src/modules/confirmation/core.ts';
import { settlementContext } from '../src/modules/confirmation/settle-payment.ts';
import { address, lead } from './booking-fixtures.ts';
import { bearerHeader, OIDC_TEST_ENV, signingKey, testKeySource, tokenFor, type SigningKey } from './customer-tokens.ts';
import { build } from './helper.ts';
import { bookSicily, confirm, openPayment, payToken, plentyOfSingleRooms, SICILY } from './payment-fixtures.ts';

const published = testKeySource();
let key: SigningKey;

const uniqueEmail = (name: string) => `${name}-${randomUUID().slice(0, 8)}@example.com`;

describe('linking confirmed bookings to customers', () => {
  const server = build({ env: { ...OIDC_TEST_ENV, HOLD_SWEEP_INTERVAL_MS: '0', MAIL_RELAY_INTERVAL_MS: '0' }, customerTokenKeys: published.source });
  const app = () => server.app;
  const db = () => server.app.db;
  const ownerOf = async (bookingId: number) => (await db().select({ customerId: bookings.customerId }).from(bookings).where(eq(bookings.id, bookingId)))[0]!.customerId;
  const customersWith = (email: string) => db().select().from(customers).where(eq(customers.email, email));

  beforeAll(async () => {
    key = await signingKey();
    published.publish(key);
    await plentyOfSingleRooms(app());
  });

  /** Books Sicily for a lead with this e-mail and pays the deposit; answers the booking, confirmed. */
  async function bookAndPay(email: string) {
    const { booking, totals } = await bookSicily(app(), { ...SICILY, passengers: [{ ...lead, email }] });
    expect(await ownerOf(booking.id)).toBeNull();
    const paymentId = await payToken(app(), (await openPayment(app(), booking, totals.deposit)).token);
    const response = await confirm(app(), booking, paymentId);
    expect(response.statusCode, response.body).toBe(200);
    return booking;
  }

  it('creates the customer from the lead for a new e-mail and links the paid booking, so the lead can sign in', async () => {
    const email = uniqueEmail('New.Lead');
    const booking = await bookAndPay(email);

    const [customer, ...more] = await customersWith(email.toLowerCase());
    expect(more).toHaveLength(0);
    expect(customer).toMatchObject({
      email: email.toLowerCase(),
      title: lead.title,
      forename: lead.given_name,
      surname: lead.family_name,
      telephone: lead.telephone_home,
      address: expect.objectContaining(address),
      identitySubject: null,
    });
    expect(await ownerOf(booking.id)).toBe(customer!.id);
    const audit = await db().select().from(auditLog).where(and(eq(auditLog.bookingId, booking.id), eq(auditLog.action, 'booking.customer_linked')));
    expect(audit[0]!.detail).toEqual({ customerId: customer!.id, customerCreated: true });

    const profile = await app().inject({ method: 'GET', url: '/api/account/profile', headers: bearerHeader(await tokenFor(key, email)) });
    expect(profile.statusCode, profile.body).toBe(200);
    expect(profile.json().data).toEqual({
      customer: { id: customer!.id, title: lead.title, forename: lead.given_name, surname: lead.family_name, email: email.toLowerCase() },
      address: { ...address, line_3: '' },
    });
  });

  it('links a second booking of the same e-mail, typed in another case, to the same customer', async () => {
    const email = uniqueEmail('repeat');
    const first = await bookAndPay(email);
    const again = await bookAndPay(email.toUpperCase());
    const rows = await customersWith(email);
    expect(rows).toHaveLength(1);
    expect(await ownerOf(first.id)).toBe(rows[0]!.id);
    expect(await ownerOf(again.id)).toBe(rows[0]!.id);
  });

  it('links a booking whose lead is the demo customer to that customer, leaving their details as they are', async () => {
    const booking = await bookAndPay(DEMO_CUSTOMER.email);
    const [demo] = await customersWith(DEMO_CUSTOMER.email);
    expect(await ownerOf(booking.id)).toBe(demo!.id);
    expect(demo).toMatchObject({ forename: DEMO_CUSTOMER.forename, surname: DEMO_CUSTOMER.surname, address: DEMO_CUSTOMER.address });
  });

  it('links at a confirmation without payment (an agent’s, purpose null) too, in the same transaction', async () => {
    const email = uniqueEmail('agent-client');
    const { booking } = await bookSicily(app(), { ...SICILY, passengers: [{ ...lead, email }] });
    await db().transaction((tx) =>
      confirmBookingCore(tx, { ...settlementContext(app(), 'test-request'), bookingId: booking.id, purpose: null, paymentId: null, actor: 'agent:test' }),
    );
    const [customer] = await customersWith(email);
    expect(await ownerOf(booking.id)).toBe(customer!.id);
  });

  it('rolls the new customer back with a confirmation that fails', async () => {
    const email = uniqueEmail('rolled-back');
    const { booking } = await bookSicily(app(), { ...SICILY, passengers: [{ ...lead, email }] });
    await expect(
      db().transaction(async (tx) => {
        await confirmBookingCore(tx, { ...settlementContext(app(), 'test-request'), bookingId: booking.id, purpose: null, paymentId: null, actor: 'agent:test' });
        throw new Error('a later step of the confirmation failed');
      }),
    ).rejects.toThrow('a later step');
    expect(await customersWith(email)).toHaveLength(0);
    expect(await ownerOf(booking.id)).toBeNull();
  });

  it('leaves an unconfirmed booking without a customer', async () => {
    const email = uniqueEmail('unconfirmed');
    const { booking } = await bookSicily(app(), { ...SICILY, passengers: [{ ...lead, email }] });
    expect(await ownerOf(booking.id)).toBeNull();
    expect(await customersWith(email)).toHaveLength(0);
    const profile = await app().inject({ method: 'GET', url: '/api/account/profile', headers: bearerHeader(await tokenFor(key, email)) });
    expect(profile.statusCode).toBe(404);
  });

  it('keeps the seeded bookings with the demo customer', async () => {
    const [demo] = await customersWith(DEMO_CUSTOMER.email);
    const owned = await db().select({ id: bookings.id }).from(bookings).where(eq(bookings.customerId, demo!.id));
    expect(owned.length).toBeGreaterThanOrEqual(DEMO_BOOKINGS.length);
  });
});
