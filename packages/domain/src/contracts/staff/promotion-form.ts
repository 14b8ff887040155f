import { z } from 'zod/mini';
import { CURRENCIES, fromProviderAmount, type CurrencyCode } from '../../money.ts';
import { staffReasonSchema } from '../../staff/reason.ts';
import { addPromotionBodySchema, PROMOTION_MESSAGES, PROMOTION_TYPES, promotionTermsRule, promotionTermsShape, type PromotionType, type StaffPromotion } from './promotions.ts';

/**
 * The console's form for a promotional code: what staff type (amounts in
 * pounds and pence, tours as a comma-separated list), turned into the API's
 * body and then checked by the API's own schema, so the form and the API
 * give the same messages.
 */

export interface PromotionFormValues {
  code: string;
  description: string;
  discount_type: PromotionType;
  amounts: Record<CurrencyCode, string>;
  percent: string;
  valid_from: string;
  valid_to: string;
  /** 'MHW-VIE, TSG-SIC' */
  tour_codes: string;
  max_uses: string;
  max_uses_per_customer: string;
  reason: string;
}

/** '25', '25.50', '1,250.00' as minor units; '' as null; undefined when it is no amount. */
function amountOf(text: string): number | null | undefined {
  const bare = text.trim().replace(/^(A\$|US\$|[£$])/, '').replace(/[\s,]/g, '');
  if (bare === '') return null;
  return fromProviderAmount(bare) ?? undefined;
}

function wholeOf(text: string): number | null | undefined {
  const bare = text.trim();
  if (bare === '') return null;
  return /^\d{1,9}$/.test(bare) ? Number(bare) : undefined;
}

/** The promotion's form values as the body of an add (with its code) or a change (without); the domain's body schema then checks them. */
export function promotionFormBody(values: PromotionFormValues, ctx: { issues: z.core.$ZodRawIssue[] }): Record<string, unknown> {
  const problem = (path: string[], message: string) => ctx.issues.push({ code: 'custom', message, path, input: values });
  const amounts: Record<string, number | null> = {};
  for (const currency of CURRENCIES) {
    const value = values.discount_type === 'amount' ? amountOf(values.amounts[currency]) : null;
    if (value === undefined) problem(['amounts', currency], PROMOTION_MESSAGES.amountFormat);
    amounts[currency] = value ?? null;
  }
  const percent = values.discount_type === 'percentage' ? wholeOf(values.percent) : null;
  if (percent === undefined) problem(['percent'], PROMOTION_MESSAGES.percentRequired);
  const limits = { max_uses: wholeOf(values.max_uses), max_uses_per_customer: wholeOf(values.max_uses_per_customer) };
  for (const [field, value] of Object.entries(limits)) if (value === undefined) problem([field], PROMOTION_MESSAGES.limitFormat);
  return {
    description: values.description,
    discount_type: values.discount_type,
    amounts,
    percent: percent ?? null,
    valid_from: values.valid_from.trim(),
    valid_to: values.valid_to.trim(),
    tour_codes: values.tour_codes
      .split(/[\s,;]+/)
      .map((code) => code.trim())
      .filter((code) => code !== ''),
    max_uses: limits.max_uses ?? null,
    max_uses_per_customer: limits.max_uses_per_customer ?? null,
    reason: values.reason,
  };
}

const formValuesSchema = z.object({
  code: z.string(),
  description: z.string(),
  discount_type: z.enum(PROMOTION_TYPES, { error: PROMOTION_MESSAGES.typeRequired }),
  amounts: z.object({ GBP: z.string(), USD: z.string(), AUD: z.string() }),
  percent: z.string(),
  valid_from: z.string(),
  valid_to: z.string(),
  tour_codes: z.string(),
  max_uses: z.string(),
  max_uses_per_customer: z.string(),
  reason: z.string(),
});

/** The form's schema: what was typed, turned into the body, then the API's own schema for it (adding: with the code). */
export const promotionFormSchema = (mode: 'add' | 'edit') =>
  z.pipe(
    z.pipe(
      formValuesSchema,
      z.transform((values, ctx) => {
        const body = promotionFormBody(values, ctx);
        return mode === 'add' ? { ...body, code: values.code } : body;
      }),
    ),
    mode === 'add' ? addPromotionBodySchema : z.object({ ...promotionTermsShape, reason: staffReasonSchema }).check(promotionTermsRule),
  );

/** A code as the form starts from it: amounts in major units ('25.00'), tours comma-separated. */
export function promotionFormValues(promotion: StaffPromotion | null): PromotionFormValues {
  const major = (value: number | null) => (value === null ? '' : (value / 100).toFixed(2));
  return {
    code: promotion?.code ?? '',
    description: promotion?.description ?? '',
    discount_type: promotion?.discount_type ?? 'amount',
    amounts: { GBP: major(promotion?.amounts.GBP ?? null), USD: major(promotion?.amounts.USD ?? null), AUD: major(promotion?.amounts.AUD ?? null) },
    percent: promotion?.percent === null || promotion?.percent === undefined ? '' : String(promotion.percent),
    valid_from: promotion?.valid_from ?? '',
    valid_to: promotion?.valid_to ?? '',
    tour_codes: promotion?.tour_codes.join(', ') ?? '',
    max_uses: promotion?.max_uses === null || promotion?.max_uses === undefined ? '' : String(promotion.max_uses),
    max_uses_per_customer: promotion?.max_uses_per_customer === null || promotion?.max_uses_per_customer === undefined ? '' : String(promotion.max_uses_per_customer),
    reason: '',
  };
}
