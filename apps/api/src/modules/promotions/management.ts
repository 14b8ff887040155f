import {
  CURRENCIES,
  normalisedTerms,
  PROMOTION_MESSAGES,
  promotionEtag,
  promotionTermsProblems,
  type AddPromotionBody,
  type PromotionTerms,
  type UpdatePromotionBody,
} from '@tours/domain';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { HttpError, notFound, validationFailed } from '../../lib/http-error.ts';
import { assertIfMatch } from '../../lib/if-match.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { recordStaffChange } from '../audit/index.ts';
import { auditedTerms, lockPromotion, promotionById, type PromotionRecord } from './records.ts';
import { promotionDiscounts, promotions, promotionTours } from './schema.ts';

/**
 * Staff manage promotional codes (permission catalogue.edit). Each change is
 * one transaction with its audit entry (who, the reason typed, before and
 * after) and checks the version the member read (If-Match). The code itself
 * never changes once made, so what a booking's line says stays true; a code
 * any booking carries cannot be deleted, only deactivated.
 */

export interface ChangeContext {
  staffMemberId: number;
  /** The database's clock (app.clock.databaseNow()). */
  now: SQL;
  requestId: string;
}

/**
 * The demo seed adds its codes through addPromotion too (db/seed), so it
 * cannot make one the console would refuse. It is no staff member: its
 * codes are not audited one by one, the seed's run is.
 */
export interface SeedChange {
  staffMemberId: null;
  now: SQL;
}

const ENTITY = 'promotion';

const codeTaken = () => new HttpError(409, 'CONFLICT', PROMOTION_MESSAGES.codeTaken, { code: PROMOTION_MESSAGES.codeTaken });

/** foreign_key_violation (23503), through drizzle's wrapping: a booking line still names the code. */
function isForeignKeyViolation(error: unknown): boolean {
  for (let cause = error; cause && typeof cause === 'object'; cause = (cause as { cause?: unknown }).cause) {
    if ((cause as { code?: unknown }).code === '23503') return true;
  }
  return false;
}

/** Writes a code's amounts and tours as the terms say, replacing what it had. */
async function writeTermsRows(tx: Database, id: number, terms: PromotionTerms): Promise<void> {
  await tx.delete(promotionDiscounts).where(eq(promotionDiscounts.promotionId, id));
  const amounts = CURRENCIES.flatMap((currency) => (terms.amounts[currency] === null ? [] : [{ promotionId: id, currency, amount: terms.amounts[currency]! }]));
  if (amounts.length > 0) await tx.insert(promotionDiscounts).values(amounts);
  await tx.delete(promotionTours).where(eq(promotionTours.promotionId, id));
  if (terms.tour_codes.length > 0) await tx.insert(promotionTours).values(terms.tour_codes.map((tourCode) => ({ promotionId: id, tourCode })));
}

const columnsOf = (terms: PromotionTerms) => ({
  description: terms.description,
  validFrom: terms.valid_from,
  validTo: terms.valid_to,
  percentOff: terms.percent,
  maxUses: terms.max_uses,
  maxUsesPerCustomer: terms.max_uses_per_customer,
});

export async function addPromotion(db: Database, input: AddPromotionBody, context: ChangeContext | SeedChange): Promise<PromotionRecord> {
  const terms = normalisedTerms(input);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(promotions)
        .values({ code: input.code, ...columnsOf(terms), createdAt: context.now, updatedAt: context.now })
        .returning({ id: promotions.id });
      await writeTermsRows(tx, row!.id, terms);
      const added = (await promotionById(tx, row!.id))!;
      if (context.staffMemberId !== null) {
        await recordStaffChange(tx, {
          staffMemberId: context.staffMemberId,
          reason: input.reason,
          action: 'promotion.added',
          entityType: ENTITY,
          entityId: added.id,
          requestId: context.requestId,
          before: null,
          after: { code: added.code, ...auditedTerms(added) },
        });
      }
      return added;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'promotions_code_unique')) throw codeTaken();
    throw error;
  }
}

async function lockForChange(tx: Database, id: number, ifMatch: readonly string[]): Promise<PromotionRecord> {
  if (!(await lockPromotion(tx, id))) throw notFound(PROMOTION_MESSAGES.notFound);
  const current = (await promotionById(tx, id))!;
  assertIfMatch(ifMatch, promotionEtag(current), PROMOTION_MESSAGES.stale);
  return current;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Changes a code's terms and/or whether it is active; the rules between the fields hold on what the change leaves. */
export async function changePromotion(db: Database, id: number, ifMatch: readonly string[], body: UpdatePromotionBody, context: ChangeContext): Promise<PromotionRecord> {
  return db.transaction(async (tx) => {
    const before = await lockForChange(tx, id, ifMatch);
    const { reason, active, ...given } = body;
    const defined = Object.fromEntries(Object.entries(given).filter(([, value]) => value !== undefined)) as Partial<PromotionTerms>;
    const next = { ...normalisedTerms({ ...before, ...defined }), active: active ?? before.active };
    const problems = promotionTermsProblems(next);
    if (Object.keys(problems).length > 0) throw validationFailed(problems);

    const was = auditedTerms(before);
    const now = auditedTerms(next);
    const changed = (Object.keys(now) as (keyof typeof now)[]).filter((field) => !same(was[field], now[field]));
    if (changed.length === 0) return before;

    await tx
      .update(promotions)
      .set({ ...columnsOf(next), active: next.active, version: sql`${promotions.version} + 1`, updatedAt: context.now })
      .where(eq(promotions.id, id));
    if (changed.some((field) => field === 'amounts' || field === 'tour_codes')) await writeTermsRows(tx, id, next);

    const pick = (record: typeof was) => Object.fromEntries(changed.map((field) => [field, record[field]]));
    await recordStaffChange(tx, {
      staffMemberId: context.staffMemberId,
      reason,
      action: changed.length === 1 && changed[0] === 'active' ? (next.active ? 'promotion.reactivated' : 'promotion.deactivated') : 'promotion.changed',
      entityType: ENTITY,
      entityId: id,
      requestId: context.requestId,
      before: pick(was),
      after: pick(now),
      detail: { code: before.code },
    });
    return (await promotionById(tx, id))!;
  });
}

/**
 * Deletes a code no booking carries. The booking lines' foreign key is the
 * last word: a code a booking took a moment ago is refused by the database,
 * and answered as the check before it would have.
 */
export async function deletePromotion(db: Database, id: number, ifMatch: readonly string[], reason: string, onBookings: number, context: ChangeContext): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const before = await lockForChange(tx, id, ifMatch);
      if (onBookings > 0) throw new HttpError(409, 'CONFLICT', PROMOTION_MESSAGES.usedCannotDelete);
      await tx.delete(promotions).where(eq(promotions.id, id));
      await recordStaffChange(tx, {
        staffMemberId: context.staffMemberId,
        reason,
        action: 'promotion.deleted',
        entityType: ENTITY,
        entityId: id,
        requestId: context.requestId,
        before: { code: before.code, ...auditedTerms(before) },
        after: null,
      });
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) throw new HttpError(409, 'CONFLICT', PROMOTION_MESSAGES.usedCannotDelete);
    throw error;
  }
}
