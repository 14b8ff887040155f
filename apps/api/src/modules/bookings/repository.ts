import type { BookingStatus, CurrencyCode } from '@tours/domain';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.ts';
import { promotionsReadModel } from '../promotions/index.ts';
import { bookingComponents, bookings, type ComponentType } from './schema.ts';

const { promotions, promotionDiscounts } = promotionsReadModel;

export interface LockedBooking {
  status: BookingStatus;
  /** Issued at settlement; until then null. */
  reference: string | null;
  /** In booking order: the lead first. */
  passengerIds: number[];
  /**
   * The applied promotion's full value in the booking currency: zero or
   * negative. Pricing caps it at the booking's total, so a promotion applied to
   * a cheap selection is worth its full value again after a dearer one.
   */
  discount: number;
  /** The applied promotion's line name ('Promotional code WELCOME100'), null without one. */
  promotionName: string | null;
  /** The applied promotion takes this percentage off (1 to 100): pricing works out its amount again; null for an amount. */
  percentOff: number | null;
}

/**
 * Takes the booking row FOR NO KEY UPDATE before anything else, so two
 * submissions of one booking (a double click, two tabs) run one after the
 * other, and reads what pricing needs from it. NO KEY: the callers never change
 * the booking's keys (id, reference, token hash), so rows that reference the
 * booking (a payment the provider's notification records, a passenger) are
 * not kept waiting by the lock.
 */
export async function lockBooking(db: Database, bookingId: number): Promise<LockedBooking | null> {
  const [locked] = await db
    .select({ status: bookings.status, reference: bookings.reference })
    .from(bookings)
    .where(eq(bookings.id, bookingId))
    .for('no key update');
  if (!locked) return null;
  // A statement of its own, after the lock: under READ COMMITTED a statement keeps the snapshot it started with, so
  // subqueries of the locking select would show the passengers and the promotion as they were before a wait for a
  // concurrent writer of this booking, not as that writer left them.
  // The discount: the line keeps the capped value; the promotion's own row has the full one (the line's, should the row be gone).
  const [facts] = await queryRows<{ passenger_ids: number[]; discount: number | string | null; promotion_name: string | null; percent_off: number | null }>(db, sql`
    select
      (select coalesce(array_agg(bp.id order by bp.position), '{}') from booking_passengers bp where bp.booking_id = ${bookingId}) as passenger_ids,
      (select cast(coalesce(sum(coalesce(-pd.amount, bc.price)), 0) as integer)
        from booking_components bc
        left join ${promotionDiscounts} pd on pd.promotion_id = bc.promotion_id and pd.currency = bc.currency
        where bc.booking_id = ${bookingId} and bc.component_type = 'PromotionalCode') as discount,
      (select max(bc.name) from booking_components bc where bc.booking_id = ${bookingId} and bc.component_type = 'PromotionalCode') as promotion_name,
      (select max(p.percent_off) from booking_components bc join ${promotions} p on p.id = bc.promotion_id
        where bc.booking_id = ${bookingId} and bc.component_type = 'PromotionalCode') as percent_off`);
  return {
    status: locked.status,
    reference: locked.reference,
    passengerIds: (facts?.passenger_ids ?? []).map(Number),
    discount: Number(facts?.discount ?? 0),
    promotionName: facts?.promotion_name ?? null,
    percentOff: facts?.percent_off === null || facts?.percent_off === undefined ? null : Number(facts.percent_off),
  };
}

/** A line about to be written: priced, not yet stored (no id). The promotion's line is written by applying a code. */
export interface NewComponentLine {
  componentType: Exclude<ComponentType, 'PromotionalCode'>;
  name: string;
  optionId: number | null;
  unitPrice: number;
  quantity: number;
}

/**
 * Replaces what the booking is made of with newly priced lines, keeping an
 * applied promotion. Returns the new component ids in the order of `lines`.
 * Allocations must no longer point at the old lines (releaseBookingHolds).
 */
export async function replaceComponents(
  db: Database,
  bookingId: number,
  currency: CurrencyCode,
  lines: readonly NewComponentLine[],
): Promise<number[]> {
  await db.delete(bookingComponents).where(and(eq(bookingComponents.bookingId, bookingId), ne(bookingComponents.componentType, 'PromotionalCode')));
  if (lines.length === 0) return [];
  const rows = await db
    .insert(bookingComponents)
    .values(lines.map((line) => ({ ...line, bookingId, currency, price: line.unitPrice * line.quantity })))
    .returning({ id: bookingComponents.id });
  return rows.map((row) => row.id);
}

/** Re-prices the promotion line to the discount pricing applied (capped at the new total), so the lines still add up. */
export async function repricePromotionLine(db: Database, bookingId: number, discount: number): Promise<void> {
  await db
    .update(bookingComponents)
    .set({ unitPrice: discount, price: discount })
    .where(and(eq(bookingComponents.bookingId, bookingId), eq(bookingComponents.componentType, 'PromotionalCode')));
}

/** A stored line of a booking, as listComponents reads it. */
export interface ComponentLine {
  id: number;
  name: string;
  componentType: ComponentType;
  unitPrice: number;
  quantity: number;
  price: number;
  currency: CurrencyCode;
}

/** The booking's priced lines in the order they were written: the tour place first. */
export async function listComponents(db: Database, bookingId: number): Promise<ComponentLine[]> {
  return db
    .select({
      id: bookingComponents.id,
      name: bookingComponents.name,
      componentType: bookingComponents.componentType,
      unitPrice: bookingComponents.unitPrice,
      quantity: bookingComponents.quantity,
      price: bookingComponents.price,
      currency: bookingComponents.currency,
    })
    .from(bookingComponents)
    .where(eq(bookingComponents.bookingId, bookingId))
    .orderBy(asc(bookingComponents.id));
}

/** Promotions applied to the booking. Codes are never listed before the customer has typed one. */
export async function appliedPromotions(db: Database, bookingId: number) {
  return db
    .selectDistinct({ id: promotions.id, code: promotions.code, description: promotions.description })
    .from(bookingComponents)
    .innerJoin(promotions, eq(promotions.id, bookingComponents.promotionId))
    .where(eq(bookingComponents.bookingId, bookingId))
    .orderBy(asc(promotions.id));
}

/** The booking's currency; null when there is no such booking. */
export async function bookingCurrency(db: Database, bookingId: number): Promise<CurrencyCode | null> {
  const [row] = await db.select({ currency: bookings.currency }).from(bookings).where(eq(bookings.id, bookingId));
  return row?.currency ?? null;
}
