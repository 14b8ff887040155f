import { sql } from 'drizzle-orm';
import { boolean, check, date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, currencyCode, id, minorUnits, updatedAt } from '../../db/columns.ts';

/**
 * A promotional code: a fixed discount per currency (promotion_discounts) or
 * a percentage of the booking (percent_off), within its validity dates, for
 * every tour or those of promotion_tours, at most max_uses bookings in all
 * and max_uses_per_customer per customer (null: no limit).
 */
export const promotions = pgTable(
  'promotions',
  {
    id: id(),
    code: text('code').notNull().unique(),
    description: text('description').notNull().default(''),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    validTo: date('valid_to', { mode: 'string' }).notNull(),
    active: boolean('active').notNull().default(true),
    /** 1 to 100: the code takes this percentage off; null: the amounts of promotion_discounts. */
    percentOff: integer('percent_off'),
    maxUses: integer('max_uses'),
    maxUsesPerCustomer: integer('max_uses_per_customer'),
    /** Goes up with every change in the console; the code's ETag is made from it. */
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('promotions_code_upper', sql`${t.code} = upper(${t.code}) and length(${t.code}) > 0`),
    check('promotions_dates_ordered', sql`${t.validTo} >= ${t.validFrom}`),
    check('promotions_percent_range', sql`${t.percentOff} is null or ${t.percentOff} between 1 and 100`),
    check('promotions_limits_positive', sql`(${t.maxUses} is null or ${t.maxUses} > 0) and (${t.maxUsesPerCustomer} is null or ${t.maxUsesPerCustomer} > 0)`),
    check('promotions_version_positive', sql`${t.version} > 0`),
  ],
);

export const promotionDiscounts = pgTable(
  'promotion_discounts',
  {
    promotionId: integer('promotion_id')
      .notNull()
      .references(() => promotions.id, { onDelete: 'cascade' }),
    currency: currencyCode('currency').notNull(),
    amount: minorUnits('amount').notNull(),
  },
  (t) => [primaryKey({ columns: [t.promotionId, t.currency] }), check('promotion_discounts_positive', sql`${t.amount} > 0`)],
);

/** The tours a code applies to, by the tour's code ('MHW-VIE'); none: every tour. */
export const promotionTours = pgTable(
  'promotion_tours',
  {
    promotionId: integer('promotion_id')
      .notNull()
      .references(() => promotions.id, { onDelete: 'cascade' }),
    tourCode: text('tour_code').notNull(),
  },
  (t) => [primaryKey({ columns: [t.promotionId, t.tourCode] }), check('promotion_tours_code_upper', sql`${t.tourCode} = upper(${t.tourCode})`)],
);
