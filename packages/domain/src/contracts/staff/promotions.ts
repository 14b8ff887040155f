import { z } from 'zod/mini';
import { CURRENCIES } from '../../money.ts';
import { idSchema, wholeNumber } from '../../input-values.ts';
import { staffReasonSchema } from '../../staff/reason.ts';
import { MAX_MONEY_MINOR } from '../../staff/money.ts';
import { optionalText } from '../../validation.ts';
import { dataEnvelope, defineEndpoint, isoDateSchema, isoDateTimeSchema, itemsEnvelope } from '../common.ts';

/**
 * Promotional codes in the staff console (issue 27, permission
 * catalogue.edit): a fixed amount per currency or a percentage, a validity
 * window, the tours they apply to, limits on uses in all and per customer,
 * and how many bookings use them. The words a visitor sees when a code does
 * not apply are VALIDATION's (messages.ts), beside the other promotion
 * messages; the rule is pricing/promotions.ts.
 */

export const PROMOTION_TYPES = ['amount', 'percentage'] as const;
export type PromotionType = (typeof PROMOTION_TYPES)[number];

export const PROMOTION_TYPE_LABELS: Readonly<Record<PromotionType, string>> = {
  amount: 'An amount in each currency',
  percentage: 'A percentage of the booking',
};

export const PROMOTION_LIMITS = { codeMax: 30, descriptionMax: 200, toursMax: 50, usesMax: 1_000_000 } as const;

export const PROMOTION_MESSAGES = {
  codeRequired: 'Enter the code',
  codeFormat: `Use 3 to ${PROMOTION_LIMITS.codeMax} letters, digits or hyphens, for example SUMMER25`,
  codeTaken: 'A promotional code with this code already exists.',
  typeRequired: 'Choose an amount or a percentage',
  amountFormat: 'Enter the amount in figures with at most two decimals, for example 25.00',
  amountPositive: 'The amount must be more than 0',
  amountRequired: 'Give the discount in at least one currency',
  percentRequired: 'Give the percentage, a whole number from 1 to 100',
  dateRequired: 'Use the format YYYY-MM-DD',
  datesOrdered: 'The last day must be on or after the first day',
  tourCodeFormat: 'Tour codes are letters, digits and hyphens, for example MHW-VIE, separated by commas',
  toursRepeated: 'Name each tour once',
  tooManyTours: `Name at most ${PROMOTION_LIMITS.toursMax} tours`,
  limitFormat: `Enter a whole number from 1 to ${PROMOTION_LIMITS.usesMax.toLocaleString('en-GB')}, or leave it empty for no limit`,
  perCustomerAboveTotal: 'The limit per customer cannot be more than the limit in all',
  nothingToChange: 'Change the terms or whether the code is active',
  stale: 'Someone else changed this promotional code since you opened it. Reload to see their change, then try again.',
  usedCannotDelete: 'This code is on bookings, so it cannot be deleted. Deactivate it instead.',
  notFound: 'No promotional code has this id.',
} as const;

/** 'summer25 ' is SUMMER25: codes are matched and stored upper case. */
export const promotionCodeSchema = z.string({ error: PROMOTION_MESSAGES.codeRequired }).check(
  z.trim(),
  z.toUpperCase(),
  z.minLength(1, { message: PROMOTION_MESSAGES.codeRequired, abort: true }),
  z.regex(new RegExp(`^[A-Z0-9-]{3,${PROMOTION_LIMITS.codeMax}}$`), PROMOTION_MESSAGES.codeFormat),
);

/** A tour's code as the catalogue has it ('MHW-VIE'), upper case. */
export const promotionTourCodeSchema = z.string().check(z.trim(), z.toUpperCase(), z.regex(/^[A-Z0-9][A-Z0-9-]{0,19}$/, PROMOTION_MESSAGES.tourCodeFormat));

const amountSchema = z.nullable(wholeNumber({ min: 1, max: MAX_MONEY_MINOR, message: PROMOTION_MESSAGES.amountPositive }));
const limitSchema = z.nullable(wholeNumber({ min: 1, max: PROMOTION_LIMITS.usesMax, message: PROMOTION_MESSAGES.limitFormat }));

export const promotionAmountsSchema = z.object({ GBP: amountSchema, USD: amountSchema, AUD: amountSchema });
export type PromotionAmounts = z.infer<typeof promotionAmountsSchema>;

/** What a code gives and to whom, as the API takes it: amounts in minor units. */
export const promotionTermsShape = {
  description: optionalText(PROMOTION_LIMITS.descriptionMax),
  discount_type: z.enum(PROMOTION_TYPES, { error: PROMOTION_MESSAGES.typeRequired }),
  /** Minor units; null where the code is not offered in that currency. Only for discount_type 'amount'. */
  amounts: promotionAmountsSchema,
  /** 1 to 100; only for discount_type 'percentage'. */
  percent: z.nullable(wholeNumber({ min: 1, max: 100, message: PROMOTION_MESSAGES.percentRequired })),
  valid_from: isoDateSchema,
  valid_to: isoDateSchema,
  /** Empty: every tour. */
  tour_codes: z.array(promotionTourCodeSchema).check(z.maxLength(PROMOTION_LIMITS.toursMax, PROMOTION_MESSAGES.tooManyTours)),
  max_uses: limitSchema,
  max_uses_per_customer: limitSchema,
};

export interface PromotionTerms {
  description: string;
  discount_type: PromotionType;
  amounts: PromotionAmounts;
  percent: number | null;
  valid_from: string;
  valid_to: string;
  tour_codes: string[];
  max_uses: number | null;
  max_uses_per_customer: number | null;
}

/**
 * The rules between the fields, by field: the console's form and the API
 * (on the terms a change leaves, merged with what it does not change) ask
 * the same question.
 */
export function promotionTermsProblems(terms: PromotionTerms): Record<string, string> {
  const problems: Record<string, string> = {};
  if (terms.discount_type === 'amount' && CURRENCIES.every((currency) => terms.amounts[currency] === null)) problems['amounts.GBP'] = PROMOTION_MESSAGES.amountRequired;
  if (terms.discount_type === 'percentage' && terms.percent === null) problems.percent = PROMOTION_MESSAGES.percentRequired;
  // Dates are 'YYYY-MM-DD', so string order is date order.
  if (terms.valid_to < terms.valid_from) problems.valid_to = PROMOTION_MESSAGES.datesOrdered;
  if (new Set(terms.tour_codes).size !== terms.tour_codes.length) problems.tour_codes = PROMOTION_MESSAGES.toursRepeated;
  if (terms.max_uses !== null && terms.max_uses_per_customer !== null && terms.max_uses_per_customer > terms.max_uses) {
    problems.max_uses_per_customer = PROMOTION_MESSAGES.perCustomerAboveTotal;
  }
  return problems;
}

/** Only the chosen kind of discount is kept: a percentage code has no amounts, an amount code no percentage. */
export const normalisedTerms = <T extends PromotionTerms>(terms: T): T => ({
  ...terms,
  amounts: terms.discount_type === 'amount' ? terms.amounts : { GBP: null, USD: null, AUD: null },
  percent: terms.discount_type === 'percentage' ? terms.percent : null,
});

/** The rules between the fields (promotionTermsProblems) as a check of a schema. */
export const promotionTermsRule = z.superRefine((terms: PromotionTerms, ctx) => {
  for (const [path, message] of Object.entries(promotionTermsProblems(terms))) ctx.issues.push({ code: 'custom', message, path: path.split('.'), input: terms });
});

export const addPromotionBodySchema = z.object({ code: promotionCodeSchema, ...promotionTermsShape, reason: staffReasonSchema }).check(promotionTermsRule);
export type AddPromotionInput = z.input<typeof addPromotionBodySchema>;
export type AddPromotionBody = z.output<typeof addPromotionBodySchema>;

/** The terms a change sets (the form sends them all) and/or whether the code is active; the rules hold on the result. */
export const updatePromotionBodySchema = z
  .object({
    description: z.optional(promotionTermsShape.description),
    discount_type: z.optional(promotionTermsShape.discount_type),
    amounts: z.optional(promotionTermsShape.amounts),
    percent: z.optional(promotionTermsShape.percent),
    valid_from: z.optional(promotionTermsShape.valid_from),
    valid_to: z.optional(promotionTermsShape.valid_to),
    tour_codes: z.optional(promotionTermsShape.tour_codes),
    max_uses: z.optional(promotionTermsShape.max_uses),
    max_uses_per_customer: z.optional(promotionTermsShape.max_uses_per_customer),
    active: z.optional(z.boolean()),
    reason: staffReasonSchema,
  })
  .check(
    z.refine((body) => Object.entries(body).some(([key, value]) => key !== 'reason' && value !== undefined), {
      message: PROMOTION_MESSAGES.nothingToChange,
      path: ['active'],
    }),
  );
export type UpdatePromotionInput = z.input<typeof updatePromotionBodySchema>;
export type UpdatePromotionBody = z.output<typeof updatePromotionBodySchema>;

export const staffPromotionSchema = z.object({
  id: z.number(),
  code: z.string(),
  description: z.string(),
  discount_type: z.enum(PROMOTION_TYPES),
  amounts: promotionAmountsSchema,
  percent: z.nullable(z.number()),
  valid_from: isoDateSchema,
  valid_to: isoDateSchema,
  tour_codes: z.array(z.string()),
  max_uses: z.nullable(z.number()),
  max_uses_per_customer: z.nullable(z.number()),
  active: z.boolean(),
  /**
   * Bookings using it now, as the limits count them: on a booking that is
   * not cancelled and went past the quote, or whose visitor is still booking.
   */
  uses: z.number(),
  /** Bookings it is on at all (abandoned quotes and cancelled bookings too): a code on any cannot be deleted. */
  on_bookings: z.number(),
  version: z.number(),
  created_at: isoDateTimeSchema,
  updated_at: isoDateTimeSchema,
});
export type StaffPromotion = z.infer<typeof staffPromotionSchema>;

/** The ETag of a code at a version. */
export const promotionEtag = (promotion: Pick<StaffPromotion, 'id' | 'version'>): string => `"promotion-${promotion.id}-v${promotion.version}"`;

export const promotionParamsSchema = z.object({ promotion: idSchema });

// ---------------------------------------------------------------------------------------------------------------------
// Endpoints

export const listStaffPromotions = defineEndpoint({
  method: 'GET',
  path: '/staff/promotions',
  response: itemsEnvelope(staffPromotionSchema),
  auth: 'staff',
  permission: 'catalogue.edit',
  summary: 'Every promotional code with how many bookings use it, active ones first, by code',
});

export const getStaffPromotion = defineEndpoint({
  method: 'GET',
  path: '/staff/promotions/:promotion',
  params: promotionParamsSchema,
  response: dataEnvelope(staffPromotionSchema),
  auth: 'staff',
  permission: 'catalogue.edit',
  summary: 'One promotional code with its usage, and its version as the ETag to send back as If-Match',
});

export const addStaffPromotion = defineEndpoint({
  method: 'POST',
  path: '/staff/promotions',
  body: addPromotionBodySchema,
  response: dataEnvelope(staffPromotionSchema),
  auth: 'staff',
  permission: 'catalogue.edit',
  summary: 'Adds a promotional code (stored upper case) with the reason; 409 with the field message when the code is taken',
});

export const updateStaffPromotion = defineEndpoint({
  method: 'PATCH',
  path: '/staff/promotions/:promotion',
  params: promotionParamsSchema,
  body: updatePromotionBodySchema,
  response: dataEnvelope(staffPromotionSchema),
  auth: 'staff',
  permission: 'catalogue.edit',
  summary:
    "Changes a code's terms or deactivates or reactivates it, with the reason; the code itself never changes. If-Match (the code's ETag) is required: 428 without it, 412 when someone changed it since",
});

/** A POST: the reason travels in the body, and a DELETE carries none. */
export const deleteStaffPromotion = defineEndpoint({
  method: 'POST',
  path: '/staff/promotions/:promotion/delete',
  params: promotionParamsSchema,
  body: z.object({ reason: staffReasonSchema }),
  response: dataEnvelope(z.object({ id: z.number() })),
  auth: 'staff',
  permission: 'catalogue.edit',
  summary: 'Deletes a code no booking carries, with the reason; a code on any booking is refused with 409 (deactivate it instead). If-Match required',
});

