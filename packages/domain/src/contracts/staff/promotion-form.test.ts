import { describe, expect, it } from 'vitest';
import { promotionFormSchema, promotionFormValues, type PromotionFormValues } from './promotion-form.ts';
import { PROMOTION_MESSAGES } from './promotions.ts';

const fieldsOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe("the promotion form's schema", () => {
  const values: PromotionFormValues = {
    ...promotionFormValues(null),
    code: ' summer-25 ',
    amounts: { GBP: '£25', USD: '1,030.50', AUD: '' },
    valid_from: '2027-01-01',
    valid_to: '2027-03-31',
    tour_codes: 'tsg-sic, MHW-VIE',
    max_uses: '100',
    reason: 'Summer campaign',
  };

  it('turns what staff type into the API body: minor units, upper-case codes, tours as a list', () => {
    const parsed = promotionFormSchema('add').safeParse(values);
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    expect(parsed.data).toMatchObject({
      code: 'SUMMER-25',
      discount_type: 'amount',
      amounts: { GBP: 2_500, USD: 103_050, AUD: null },
      percent: null,
      tour_codes: ['TSG-SIC', 'MHW-VIE'],
      max_uses: 100,
      max_uses_per_customer: null,
    });
  });

  it('keeps only the chosen kind of discount and says what is wrong by field', () => {
    const percentage = promotionFormSchema('edit').safeParse({ ...values, discount_type: 'percentage', percent: '12' });
    expect(percentage.data).toMatchObject({ percent: 12, amounts: { GBP: null, USD: null, AUD: null } });
    expect(fieldsOf(promotionFormSchema('add').safeParse({ ...values, amounts: { GBP: '12.345', USD: '', AUD: '' }, max_uses: 'lots' }))).toEqual({
      'amounts.GBP': PROMOTION_MESSAGES.amountFormat,
      max_uses: PROMOTION_MESSAGES.limitFormat,
    });
    expect(fieldsOf(promotionFormSchema('add').safeParse({ ...values, amounts: { GBP: '', USD: '', AUD: '' }, valid_to: '2026-12-31' }))).toEqual({
      'amounts.GBP': PROMOTION_MESSAGES.amountRequired,
      valid_to: PROMOTION_MESSAGES.datesOrdered,
    });
  });
});
