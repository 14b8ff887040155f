import { awaitsSettlement, promotionDiscount, promotionRefusal, VALIDATION, type appliedPromotionSchema, type paymentDetailsSchema } from '@tours/domain';
import { and, eq, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { conflict, notFound, validationFailed } from '../../lib/http-error.ts';
import { recordAudit } from '../audit/index.ts';
import { withdrawOpenRequests } from '../payments/index.ts';
import { catalogueReadModel } from '../catalogue/index.ts';
import { normalisePromotionCode, promotionLineName, promotionsReadModel, redeemablePromotion, type RedeemablePromotion } from '../promotions/index.ts';
import { promotionUses } from './promotion-uses.ts';
import { lockBooking } from './repository.ts';
import { bookingComponents } from './schema.ts';
import type { BookingSession } from './session.ts';
import { bookingTotals } from './totals.ts';

const { promotions } = promotionsReadModel;
const { tours } = catalogueReadModel;

/**
 * A booking's promotional code: the PromotionalCode line (a negative price)
 * that applying a code adds and removing it takes away. Whether a code can be
 * used is the promotions module's; the line is the booking's.
 */

export const ONE_CODE_PER_BOOKING = (applied: string) =>
  `Only one promotional code can be used on a booking, and ${applied} is already applied.`;

export interface ApplyPromotion {
  session: BookingSession;
  code: string;
  now: Date;
  /** The database's clock (Clock.databaseNow()): whether other bookings' sessions are still open, as every replica judges it. */
  databaseNow: SQL;
  requestId: string;
}

/**
 * Why this booking may not use a code that exists and is valid today (its
 * tour, its limits: the domain's promotionRefusal), in the visitor's words;
 * null when it may. Uses are counted only for a code with limits.
 */
async function refusalFor(db: Database, session: BookingSession, promotion: RedeemablePromotion, databaseNow: SQL): Promise<string | null> {
  let tourCode = '';
  if (promotion.tourCodes.length > 0) {
    const [tour] = await db.select({ code: tours.code }).from(tours).where(eq(tours.id, session.tourId));
    tourCode = tour?.code ?? '';
  }
  const limited = promotion.maxUses !== null || promotion.maxUsesPerCustomer !== null;
  const counted = limited ? await promotionUses(db, promotion.id, { bookingId: session.bookingId, now: databaseNow }) : { uses: 0, customerUses: 0 };
  return promotionRefusal({ tourCodes: promotion.tourCodes, tourCode, maxUses: promotion.maxUses, maxUsesPerCustomer: promotion.maxUsesPerCustomer, ...counted });
}

/**
 * Whether applying `code` would be answered as a valid code: the code already
 * on the booking, or one that can be used on it today. Read without locking,
 * before the code is applied, so the rate limits count a refused code before
 * it is answered and an accepted one not at all (modules/promotions, limits.ts); applying checks
 * again under the booking's lock.
 */
export async function promotionCodeIsValid(db: Database, session: BookingSession, code: string, now: Date, databaseNow: SQL): Promise<boolean> {
  const typed = normalisePromotionCode(code);
  const [applied] = await db
    .select({ code: promotions.code })
    .from(bookingComponents)
    .innerJoin(promotions, eq(promotions.id, bookingComponents.promotionId))
    .where(and(eq(bookingComponents.bookingId, session.bookingId), eq(bookingComponents.componentType, 'PromotionalCode')));
  if (applied?.code === typed) return true;
  const promotion = await redeemablePromotion(db, typed, session.currency, now);
  return promotion !== null && (await refusalFor(db, session, promotion, databaseNow)) === null;
}

/**
 * Applies a promotional code to the booking as a PromotionalCode line with a
 * negative price: the promotion's discount in the booking's currency, never
 * more than the booking costs. The booking row is locked first, as every
 * change of the booking does, so two submissions cannot both apply a code
 * (the partial unique index on promotion lines is the last word). The same
 * code again answers what is applied; another code is refused.
 */
export async function applyPromotionCode(db: Database, input: ApplyPromotion): Promise<z.input<typeof appliedPromotionSchema>> {
  const { session } = input;
  const code = normalisePromotionCode(input.code);
  return db.transaction(async (tx) => {
    const booking = await lockBooking(tx, session.bookingId);
    if (!booking) throw notFound('The booking no longer exists.');
    if (!awaitsSettlement(booking)) throw conflict(`This booking is ${booking.status} and can no longer be changed online.`);

    const [applied] = await tx
      .select({ id: bookingComponents.id, name: bookingComponents.name, price: bookingComponents.price, code: promotions.code })
      .from(bookingComponents)
      .innerJoin(promotions, eq(promotions.id, bookingComponents.promotionId))
      .where(and(eq(bookingComponents.bookingId, session.bookingId), eq(bookingComponents.componentType, 'PromotionalCode')));
    if (applied && applied.code !== code) throw validationFailed({ code: ONE_CODE_PER_BOOKING(applied.code) });

    let line = applied;
    if (!line) {
      const promotion = await redeemablePromotion(tx, code, session.currency, input.now, { lockWhenLimited: true });
      // Unknown, expired, withdrawn or not offered in this currency: one message, so codes cannot be probed.
      if (!promotion) throw validationFailed({ code: VALIDATION.promoInvalid });
      // For another tour, or used up: said as such (issue 27), counted as a refusal by the rate limits all the same.
      const refusal = await refusalFor(tx, session, promotion, input.databaseNow);
      if (refusal) throw validationFailed({ code: refusal });

      // The price is about to change: card forms opened for the old amount must not be paid (ADR 0005).
      await withdrawOpenRequests(tx, session.bookingId, input.now);
      const before = await bookingTotals(tx, session.bookingId, session.currency, session);
      // The domain prices the discount (a percentage of what the booking costs before it, or the amount), never above that.
      const discount = promotionDiscount(
        promotion.percentOff !== null ? { percent: promotion.percentOff } : { amount: promotion.amount ?? 0 },
        before.details.total_price.value,
      );
      const [row] = await tx
        .insert(bookingComponents)
        .values({
          bookingId: session.bookingId,
          componentType: 'PromotionalCode',
          name: promotionLineName(promotion.code),
          promotionId: promotion.id,
          unitPrice: discount,
          quantity: 1,
          price: discount,
          currency: session.currency,
        })
        .returning({ id: bookingComponents.id, name: bookingComponents.name, price: bookingComponents.price });
      line = { ...row!, code: promotion.code };
      await recordAudit(tx, {
        actor: 'visitor',
        action: 'booking.promotion_applied',
        entityType: 'booking',
        entityId: session.bookingId,
        bookingId: session.bookingId,
        requestId: input.requestId,
        detail: { code: promotion.code, discount, currency: session.currency },
      });
    }

    const totals = await bookingTotals(tx, session.bookingId, session.currency, session);
    return {
      promotion: {
        id: line.id,
        name: line.name,
        component_type: 'PromotionalCode',
        price: { value: line.price, currency_code: session.currency },
      },
      details: totals.details,
    };
  });
}

export interface RemovePromotion {
  session: BookingSession;
  now: Date;
  requestId: string;
}

export interface RemovedPromotion {
  figures: z.input<typeof paymentDetailsSchema>;
  /** Payment requests withdrawn because the price changed; the provider must be told after the commit. */
  withdrawnRequests: number;
}

/**
 * Takes the promotional code off the booking: its PromotionalCode line goes,
 * and the totals are priced again from the lines that remain (the deposit is
 * offered again where the tour takes one). As applying a code does, it locks
 * the booking row first and withdraws the card forms opened for the old
 * amount. Nothing to remove answers the current totals and changes nothing,
 * so a repeated call is harmless. A paid or confirmed booking is not changed.
 */
export async function removePromotionCode(db: Database, input: RemovePromotion): Promise<RemovedPromotion> {
  const { session } = input;
  return db.transaction(async (tx) => {
    const booking = await lockBooking(tx, session.bookingId);
    if (!booking) throw notFound('The booking no longer exists.');
    if (!awaitsSettlement(booking)) throw conflict(`This booking is ${booking.status} and can no longer be changed online.`);

    const removed = await tx
      .delete(bookingComponents)
      .where(and(eq(bookingComponents.bookingId, session.bookingId), eq(bookingComponents.componentType, 'PromotionalCode')))
      .returning({ name: bookingComponents.name, price: bookingComponents.price });
    let withdrawnRequests = 0;
    if (removed.length > 0) {
      // The price is about to change: card forms opened for the old amount must not be paid (ADR 0005).
      withdrawnRequests = await withdrawOpenRequests(tx, session.bookingId, input.now);
      await recordAudit(tx, {
        actor: 'visitor',
        action: 'booking.promotion_removed',
        entityType: 'booking',
        entityId: session.bookingId,
        bookingId: session.bookingId,
        requestId: input.requestId,
        detail: { lines: removed.map((line) => line.name), discount: removed.reduce((sum, line) => sum + line.price, 0), currency: session.currency },
      });
    }
    const totals = await bookingTotals(tx, session.bookingId, session.currency, session);
    return { figures: { details: totals.details, promotion: null }, withdrawnRequests };
  });
}
