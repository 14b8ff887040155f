import { toIsoDate, type CurrencyCode } from '@tours/domain';
import { and, eq, gte, lte } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { promotionDiscounts, promotions } from './schema.ts';

/** The code as it is matched and stored: 'welcome100 ' is WELCOME100. */
export const normalisePromotionCode = (code: string) => code.trim().toUpperCase();

/** What the customer sees on the booking: 'Promotional code WELCOME100'. */
export const promotionLineName = (code: string) => `Promotional code ${code}`;

export interface RedeemablePromotion {
  id: number;
  code: string;
  /** The discount in the currency asked for, minor units. */
  amount: number;
}

/** The active promotion with this (normalised) code, offered in this currency today; null when it cannot be used. */
export async function redeemablePromotion(db: Database, code: string, currency: CurrencyCode, now: Date): Promise<RedeemablePromotion | null> {
  const today = toIsoDate(now);
  const [promotion] = await db
    .select({ id: promotions.id, code: promotions.code, amount: promotionDiscounts.amount })
    .from(promotions)
    .innerJoin(promotionDiscounts, and(eq(promotionDiscounts.promotionId, promotions.id), eq(promotionDiscounts.currency, currency)))
    .where(and(eq(promotions.code, code), eq(promotions.active, true), lte(promotions.validFrom, today), gte(promotions.validTo, today)));
  return promotion ?? null;
}
