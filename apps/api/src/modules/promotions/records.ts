import { CURRENCIES, type PromotionAmounts, type PromotionTerms, type StaffPromotion } from '@tours/domain';
import { asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { promotionDiscounts, promotions, promotionTours } from './schema.ts';

/** A code as the staff console reads it, without its usage (which the bookings count: PromotionUsageReader). */
export interface PromotionRecord extends PromotionTerms {
  id: number;
  code: string;
  active: boolean;
  version: number;
  createdAt: Date;
  updatedAt: Date;
}

/** How many bookings use each code, as the bookings module counts them (modules/index.ts hands its promotionUsage in). */
export type PromotionUsageReader = (db: Database, now: SQL, promotionIds: readonly number[]) => Promise<Map<number, { uses: number; onBookings: number }>>;

const columns = {
  id: promotions.id,
  code: promotions.code,
  description: promotions.description,
  validFrom: promotions.validFrom,
  validTo: promotions.validTo,
  active: promotions.active,
  percentOff: promotions.percentOff,
  maxUses: promotions.maxUses,
  maxUsesPerCustomer: promotions.maxUsesPerCustomer,
  version: promotions.version,
  createdAt: promotions.createdAt,
  updatedAt: promotions.updatedAt,
};

/** The codes with these ids (every code without), active ones first, then by code, each with its amounts and tours. */
export async function readPromotions(db: Database, ids?: readonly number[]): Promise<PromotionRecord[]> {
  const rows = await db
    .select(columns)
    .from(promotions)
    .where(ids === undefined ? undefined : inArray(promotions.id, [...ids]))
    .orderBy(desc(promotions.active), asc(promotions.code));
  if (rows.length === 0) return [];
  const found = rows.map((row) => row.id);
  const [amounts, tours] = await Promise.all([
    db.select().from(promotionDiscounts).where(inArray(promotionDiscounts.promotionId, found)),
    db.select().from(promotionTours).where(inArray(promotionTours.promotionId, found)).orderBy(asc(promotionTours.tourCode)),
  ]);
  return rows.map((row) => {
    const own: PromotionAmounts = { GBP: null, USD: null, AUD: null };
    for (const amount of amounts) if (amount.promotionId === row.id) own[amount.currency] = amount.amount;
    return {
      id: row.id,
      code: row.code,
      description: row.description,
      discount_type: row.percentOff === null ? 'amount' : 'percentage',
      amounts: own,
      percent: row.percentOff,
      valid_from: row.validFrom,
      valid_to: row.validTo,
      tour_codes: tours.filter((tour) => tour.promotionId === row.id).map((tour) => tour.tourCode),
      max_uses: row.maxUses,
      max_uses_per_customer: row.maxUsesPerCustomer,
      active: row.active,
      version: row.version,
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
    };
  });
}

export async function promotionById(db: Database, id: number): Promise<PromotionRecord | null> {
  return (await readPromotions(db, [id]))[0] ?? null;
}

/** Takes the code's row for a change, so two members' saves and a booking taking its last use run one after the other. */
export async function lockPromotion(db: Database, id: number): Promise<boolean> {
  const [row] = await db.select({ id: promotions.id }).from(promotions).where(eq(promotions.id, id)).for('no key update');
  return row !== undefined;
}

export const presentPromotion = (record: PromotionRecord, usage: { uses: number; onBookings: number } | undefined): StaffPromotion => ({
  id: record.id,
  code: record.code,
  description: record.description,
  discount_type: record.discount_type,
  amounts: record.amounts,
  percent: record.percent,
  valid_from: record.valid_from,
  valid_to: record.valid_to,
  tour_codes: record.tour_codes,
  max_uses: record.max_uses,
  max_uses_per_customer: record.max_uses_per_customer,
  active: record.active,
  uses: usage?.uses ?? 0,
  on_bookings: usage?.onBookings ?? 0,
  version: record.version,
  created_at: record.createdAt.toISOString(),
  updated_at: record.updatedAt.toISOString(),
});

/** What the audit log keeps of a code before and after a change: its terms and whether it is active. */
export const auditedTerms = (record: PromotionTerms & { active: boolean }) => ({
  description: record.description,
  discount_type: record.discount_type,
  amounts: Object.fromEntries(CURRENCIES.map((currency) => [currency, record.amounts[currency]])),
  percent: record.percent,
  valid_from: record.valid_from,
  valid_to: record.valid_to,
  tour_codes: record.tour_codes,
  max_uses: record.max_uses,
  max_uses_per_customer: record.max_uses_per_customer,
  active: record.active,
});
