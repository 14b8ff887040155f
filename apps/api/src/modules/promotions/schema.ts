import { sql } from 'drizzle-orm';
import { boolean, check, date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, currencyCode, id, minorUnits } from '../../db/columns.ts';

/** A promotional code: a fixed discount per currency within its validity dates. */
export const promotions = pgTable(
  'promotions',
  {
    id: id(),
    code: text('code').notNull().unique(),
    description: text('description').notNull().default(''),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    validTo: date('valid_to', { mode: 'string' }).notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    check('promotions_code_upper', sql`${t.code} = upper(${t.code}) and length(${t.code}) > 0`),
    check('promotions_dates_ordered', sql`${t.validTo} >= ${t.validFrom}`),
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
