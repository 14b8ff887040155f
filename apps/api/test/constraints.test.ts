import { DEPOSIT_PERCENT } from '@tours/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  allocations,
  bookingComponents,
  bookings,
  customers,
  departureOptions,
  departurePrices,
  departures,
  payments,
  promotions,
} from '../src/db/schema/index.ts';
import { build } from './helper.ts';

/** Drizzle wraps the driver's error; the constraint's name is in the cause. */
async function expectViolation(action: () => Promise<unknown>, constraint: string) {
  const error = await action().then(
    () => null,
    (e: unknown) => e as Error & { cause?: Error },
  );
  expect(error, `expected ${constraint} to reject the write`).not.toBeNull();
  expect(`${error!.message} ${error!.cause?.message ?? ''}`).toContain(constraint);
}

describe('database constraints', () => {
  const server = build();
  const db = () => server.app.db;

  async function someDeparture() {
    const [departure] = await db().select().from(departures).limit(1);
    return departure!;
  }
  async function someBooking() {
    const [booking] = await db().select().from(bookings).where(eq(bookings.currency, 'GBP')).limit(1);
    return booking!;
  }

  it('rejects negative inventory and capacity', async () => {
    const departure = await someDeparture();
    await expectViolation(
      () => db().insert(departureOptions).values({ departureId: departure.id, kind: 'extra', name: 'Broken', inventory: -1 }),
      'departure_options_inventory_non_negative',
    );
    await expectViolation(
      () => db().update(departures).set({ capacity: -5 }).where(eq(departures.id, departure.id)),
      'departures_capacity_non_negative',
    );
  });

  it('rejects negative prices and non-positive payments', async () => {
    const departure = await someDeparture();
    await expectViolation(
      () => db().update(departurePrices).set({ pricePerPerson: -100 }).where(eq(departurePrices.departureId, departure.id)),
      'departure_prices_non_negative',
    );
    const booking = await someBooking();
    for (const amount of [0, -2500]) {
      await expectViolation(
        () => db().insert(payments).values({ bookingId: booking.id, currency: 'GBP', bookingCurrency: 'GBP', amount, provider: 'sandbox' }),
        'payments_amount_positive',
      );
    }
  });

  it('keeps component lines in the booking currency and their price the product of unit and quantity', async () => {
    const booking = await someBooking();
    const line = { bookingId: booking.id, componentType: 'Extra' as const, name: 'Line', unitPrice: 1000, quantity: 2 };
    await expectViolation(() => db().insert(bookingComponents).values({ ...line, price: 1500, currency: 'GBP' }), 'booking_components_price_is_product');
    await expectViolation(() => db().insert(bookingComponents).values({ ...line, price: 2000, currency: 'USD' }), 'booking_components_booking_currency_fk');
    await expectViolation(
      () => db().insert(bookingComponents).values({ ...line, unitPrice: -1000, price: -2000, currency: 'GBP' }),
      'booking_components_sign',
    );
  });

  it('applies a promotional code to a booking only once', async () => {
    const booking = await someBooking();
    const [promotion] = await db().select().from(promotions).limit(1);
    const discount = {
      bookingId: booking.id,
      componentType: 'PromotionalCode' as const,
      name: promotion!.code,
      promotionId: promotion!.id,
      unitPrice: -10000,
      price: -10000,
      currency: 'GBP' as const,
    };
    await db().insert(bookingComponents).values(discount);
    await expectViolation(() => db().insert(bookingComponents).values(discount), 'booking_components_one_promotion');
  });

  it('refuses a hold without an expiry, a place on another departure and a second active allocation of the same place', async () => {
    const booking = await someBooking();
    const place = { bookingId: booking.id, departureId: booking.departureId };
    await expectViolation(() => db().insert(allocations).values({ ...place, state: 'held' }), 'allocations_hold_expires');
    const [other] = await db().select().from(departures).where(eq(departures.capacity, 500)).limit(1);
    await expectViolation(
      () => db().insert(allocations).values({ ...place, departureId: other!.id, state: 'sold' }),
      'allocations_booking_departure_fk',
    );
    await db().insert(allocations).values({ ...place, state: 'sold' });
    await expectViolation(() => db().insert(allocations).values({ ...place, state: 'sold' }), 'allocations_active_unique');
  });

  it('requires a reference on confirmed bookings and unique customer e-mails in lower case', async () => {
    const departure = await someDeparture();
    await expectViolation(
      () => db().insert(bookings).values({ currency: 'GBP', departureId: departure.id, depositPercent: DEPOSIT_PERCENT, status: 'Confirmed', confirmedDate: new Date() }),
      'bookings_confirmed_has_reference',
    );
    await expectViolation(() => db().insert(customers).values({ email: 'demo@example.com', forename: 'A', surname: 'B' }), 'customers_email_unique');
    await expectViolation(() => db().insert(customers).values({ email: 'Someone@Example.com', forename: 'A', surname: 'B' }), 'customers_email_normalised');
  });
});
