import { whenFieldsValid } from '@tours/domain/account/forms';
import { recordPaymentBodySchema } from '@tours/domain/contracts/staff/money';
import { fromProviderAmount, type Money } from '@tours/domain/money';
import { receivedOnInFuture, STAFF_MONEY_MESSAGES, staffAmountSchema } from '@tours/domain/staff/money';
import { z } from 'zod/mini';
import { money } from '../format.ts';

/**
 * The money forms of a booking's page: what staff type, checked before the
 * confirmation step with the API's own rules (staffAmountSchema, the
 * offline payment's body schema). Staff type amounts as they read them on
 * a bank statement, in pounds and pence ('1,250.50'), and the form turns
 * them into the integer minor units the API takes, exactly: by the string,
 * never through a floating-point multiplication.
 */

export const MONEY_FORM_MESSAGES = {
  amountRequired: 'Enter the amount, for example 125.50',
  amountFormat: 'Enter the amount in figures with at most two decimals, for example 125.50',
  moreThanRefundable: (left: Money) => `At most ${money(left)} is left to refund on this payment`,
} as const;

/** '£1,250.50', '1250.5', ' 1 250 ' as minor units (125050, 125050, 125000); null when it is no amount. */
export function minorUnitsOf(text: string): number | null {
  const bare = text
    .trim()
    .replace(/^(A\$|US\$|[£$])/, '')
    .replace(/[\s,]/g, '');
  if (bare === '' || bare.startsWith('-')) return null;
  return fromProviderAmount(bare);
}

/** An amount typed in major units, as minor units, then the API's rule for a staff amount (more than 0, not too large). */
const amountTextSchema = z.pipe(
  z.string().check(z.trim(), z.minLength(1, { message: MONEY_FORM_MESSAGES.amountRequired, abort: true })),
  z.transform((text: string, context) => {
    const value = minorUnitsOf(text);
    if (value === null) {
      context.issues.push({ code: 'custom', message: MONEY_FORM_MESSAGES.amountFormat, input: text });
      return z.NEVER;
    }
    return value;
  }),
);
const amountSchema = z.pipe(amountTextSchema, staffAmountSchema);

export const REFUND_WHOLE = ['full', 'part'] as const;

/** The refund form: all that is left of the payment, or a part of it no larger. */
export const refundFormSchema = (refundable: Money) =>
  z.pipe(
    z.object({ whole: z.enum(REFUND_WHOLE), amount: z.string() }),
    z.transform((values, context) => {
      if (values.whole === 'full') return { amount: refundable.value };
      const parsed = amountSchema.safeParse(values.amount);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) context.issues.push({ code: 'custom', message: issue.message, path: ['amount'], input: values.amount });
        return z.NEVER;
      }
      if (parsed.data > refundable.value) {
        context.issues.push({ code: 'custom', message: MONEY_FORM_MESSAGES.moreThanRefundable(refundable), path: ['amount'], input: values.amount });
        return z.NEVER;
      }
      return { amount: parsed.data };
    }),
  );
export type RefundFormValues = { whole: (typeof REFUND_WHOLE)[number]; amount: string };

/**
 * The offline payment form: the amount in major units, how it came, their
 * reference and the day it was received, which cannot be after today in
 * the operator's calendar (the API's own check, receivedOnInFuture).
 */
export const offlinePaymentFormSchema = (now: () => Date = () => new Date()) =>
  z.extend(z.omit(recordPaymentBodySchema, { reason: true, amount: true }), { amount: amountSchema }).check(
    z.refine((values) => !receivedOnInFuture(values.received_on, now()), {
      path: ['received_on'],
      message: STAFF_MONEY_MESSAGES.receivedOnFuture,
      // Reported with the other fields' errors, not only once they are put right.
      when: whenFieldsValid('received_on'),
    }),
  );
export type OfflinePaymentFormValues = { amount: string; method: string; reference: string; received_on: string };
export type OfflinePayment = z.output<ReturnType<typeof offlinePaymentFormSchema>>;
