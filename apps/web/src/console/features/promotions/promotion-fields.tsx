import { CURRENCIES, formatAmount } from '@tours/domain/money';
import type { PromotionFormValues } from '@tours/domain/contracts/staff/promotion-form';
import { PROMOTION_TYPE_LABELS, PROMOTION_TYPES, type StaffPromotion } from '@tours/domain/contracts/staff/promotions';
import { useId } from 'react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { FieldError } from '../../../components/ui/field.tsx';
import { TextAreaField, TextField } from '../../../components/ui/field.tsx';

/** What a code takes off, in a few words: '£25.00, US$30.00' or '10%'. */
export const discountText = (promotion: Pick<StaffPromotion, 'discount_type' | 'amounts' | 'percent'>) =>
  promotion.discount_type === 'percentage'
    ? `${promotion.percent}%`
    : CURRENCIES.flatMap((currency) => (promotion.amounts[currency] === null ? [] : [formatAmount(promotion.amounts[currency], currency, { pence: 'always' })])).join(', ');

/** Its limits in words: '3 of 100 uses' or '3 uses'. */
export const usageText = (promotion: Pick<StaffPromotion, 'uses' | 'max_uses'>) =>
  promotion.max_uses === null ? `${promotion.uses} ${promotion.uses === 1 ? 'use' : 'uses'}` : `${promotion.uses} of ${promotion.max_uses} uses`;

const CURRENCY_LABELS = { GBP: 'Pounds (GBP)', USD: 'US dollars (USD)', AUD: 'Australian dollars (AUD)' } as const;

interface PromotionFieldsProps {
  register: UseFormRegister<PromotionFormValues>;
  errors: FieldErrors<PromotionFormValues>;
  discountType: PromotionFormValues['discount_type'];
}

/** The terms of a code, as the add and edit pages both ask for them; the domain's form schema checks them. */
export function PromotionFields({ register, errors, discountType }: PromotionFieldsProps) {
  const id = useId();
  return (
    <>
      <TextField label="Description" hint="For staff and the booking's list of codes, for example 'Autumn newsletter'" autoComplete="off" error={errors.description?.message} {...register('description')} />
      <fieldset className="console-fieldset" aria-describedby={errors.discount_type ? `${id}-type-error` : undefined}>
        <legend className="field__label">Discount</legend>
        {PROMOTION_TYPES.map((type) => (
          <div className="console-roles__option" key={type}>
            <input type="radio" id={`${id}-${type}`} value={type} {...register('discount_type')} />
            <label htmlFor={`${id}-${type}`}>{PROMOTION_TYPE_LABELS[type]}</label>
          </div>
        ))}
        <FieldError id={`${id}-type-error`}>{errors.discount_type?.message}</FieldError>
      </fieldset>
      {discountType === 'amount' ? (
        <fieldset className="console-fieldset">
          <legend className="field__label">Amount off in each currency</legend>
          <p className="field__hint">Leave a currency empty when the code is not offered in it.</p>
          {CURRENCIES.map((currency) => (
            <TextField
              key={currency}
              label={CURRENCY_LABELS[currency]}
              inputMode="decimal"
              autoComplete="off"
              hint="For example 25.00"
              error={errors.amounts?.[currency]?.message}
              {...register(`amounts.${currency}`)}
            />
          ))}
        </fieldset>
      ) : (
        <TextField label="Percentage off" hint="A whole number from 1 to 100: taken off the booking's total, rounded in the customer's favour" inputMode="numeric" autoComplete="off" required error={errors.percent?.message} {...register('percent')} />
      )}
      <div className="console-field-row">
        <TextField label="First day" hint="YYYY-MM-DD" type="date" required error={errors.valid_from?.message} {...register('valid_from')} />
        <TextField label="Last day" hint="YYYY-MM-DD, the code works until the end of this day" type="date" required error={errors.valid_to?.message} {...register('valid_to')} />
      </div>
      <TextField label="Tours" hint="Tour codes separated by commas, for example MHW-VIE, TSG-SIC. Empty: every tour" autoComplete="off" error={errors.tour_codes?.message} {...register('tour_codes')} />
      <div className="console-field-row">
        <TextField label="Uses in all" hint="How many bookings may use it. Empty: no limit" inputMode="numeric" autoComplete="off" error={errors.max_uses?.message} {...register('max_uses')} />
        <TextField label="Uses per customer" hint="Empty: no limit" inputMode="numeric" autoComplete="off" error={errors.max_uses_per_customer?.message} {...register('max_uses_per_customer')} />
      </div>
      <TextAreaField label="Reason" hint="Kept in the audit log with your name" required rows={2} error={errors.reason?.message} {...register('reason')} />
    </>
  );
}
