import { toIsoDate, type CurrencyCode } from '@tours/domain';
import { and, eq, gte, isNotNull, lte, or } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { promotionDiscounts, promotions, promotionTours } from './schema.ts';

/** The code as it is matched and stored: 'welcome100 ' is WELCOME100. */
export const normalisePromotionCode = (code: string) => code.trim().toUpperCase();

/** What the customer sees on the booking: 'Promotional code WELCOME100'. */
export const promotionLineName = (code: string) => `Promotional code ${code}`;

export interface RedeemablePromotion {
  id: number;
  code: string;
  /** The discount in the currency asked for, minor units; null for a percentage code. */
  amount: number | null;
  /** 1 to 100 for a percentage code, else null. */
  percentOff: number | null;
  /** The tours it applies to; empty: every tour. */
  tourCodes: string[];
  maxUses: number | null;
  maxUsesPerCustomer: number | null;
}

export interface RedeemableOptions {
  /**
   * Take the code's row FOR NO KEY UPDATE when it has a limit on uses, so two
   * bookings taking its last use count one after the other (the caller holds
   * its booking's lock first: booking, then code, always in that order).
   * Unlimited codes are never locked, so busy codes do not queue bookings.
   */
  lockWhenLimited?: boolean;
}

/**
 * The active promotion with this (normalised) code, valid today and offered
 * in this currency (a percentage code is offered in every currency); null
 * when it cannot be used. Whether this booking may use it (its tour, the
 * limits) is the domain's promotionRefusal, with the uses the bookings count.
 */
export async function redeemablePromotion(
  db: Database,
  code: string,
  currency: CurrencyCode,
  now: Date,
  options: RedeemableOptions = {},
): Promise<RedeemablePromotion | null> {
  const today = toIsoDate(now);
  const [promotion] = await db
    .select({
      id: promotions.id,
      code: promotions.code,
      amount: promotionDiscounts.amount,
      percentOff: promotions.percentOff,
      maxUses: promotions.maxUses,
      maxUsesPerCustomer: promotions.maxUsesPerCustomer,
    })
    .from(promotions)
    .leftJoin(promotionDiscounts, and(eq(promotionDiscounts.promotionId, promotions.id), eq(promotionDiscounts.currency, currency)))
    .where(
      and(
        eq(promotions.code, code),
        eq(promotions.active, true),
        lte(promotions.validFrom, today),
        gte(promotions.validTo, today),
        or(isNotNull(promotions.percentOff), isNotNull(promotionDiscounts.amount)),
      ),
    );
  if (!promotion) return null;
  if (options.lockWhenLimited && (promotion.maxUses !== null || promotion.maxUsesPerCustomer !== null)) {
    // The limits are read again under the lock: a member may have changed them while this booking waited.
    const [locked] = await db
      .select({ active: promotions.active, maxUses: promotions.maxUses, maxUsesPerCustomer: promotions.maxUsesPerCustomer })
      .from(promotions)
      .where(eq(promotions.id, promotion.id))
      .for('no key update');
    if (!locked?.active) return null;
    Object.assign(promotion, { maxUses: locked.maxUses, maxUsesPerCustomer: locked.maxUsesPerCustomer });
  }
  const tours = await db.select({ code: promotionTours.tourCode }).from(promotionTours).where(eq(promotionTours.promotionId, promotion.id));
  return { ...promotion, percentOff: promotion.percentOff ?? null, tourCodes: tours.map((tour) => tour.code).sort() };
}
