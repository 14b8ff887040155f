import { STAFF_MONEY_MESSAGES } from '@tours/domain/staff/money';
import { describe, expect, it } from 'vitest';
import { minorUnitsOf, MONEY_FORM_MESSAGES, offlinePaymentFormSchema, refundFormSchema } from './money-forms.ts';

const gbp = (value: number) => ({ value, currency: 'GBP' as const }) as never;

const errorsOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('amounts typed in pounds and pence', () => {
  it('become exact minor units, by the string', () => {
    expect(minorUnitsOf('250.50')).toBe(25_050);
    expect(minorUnitsOf('£1,250.5')).toBe(125_050);
    expect(minorUnitsOf(' 1 000 ')).toBe(100_000);
    expect(minorUnitsOf('A$19.99')).toBe(1_999);
    // 0.29 * 100 is 28.999… in floating point: the string is read instead.
    expect(minorUnitsOf('0.29')).toBe(29);
  });

  it('are refused when they are not amounts', () => {
    for (const text of ['', 'abc', '12.345', '-5', '1e3', '12,50.0.1']) expect(minorUnitsOf(text)).toBeNull();
  });
});

describe('the refund form', () => {
  const schema = refundFormSchema(gbp(68_700));

  it('refunds all that is left, or the part typed', () => {
    expect(schema.parse({ whole: 'full', amount: '' })).toEqual({ amount: 68_700 });
    expect(schema.parse({ whole: 'part', amount: '100.25' })).toEqual({ amount: 10_025 });
    expect(schema.parse({ whole: 'part', amount: '687.00' })).toEqual({ amount: 68_700 });
  });

  it('refuses a part that is missing, malformed, nothing, or more than is left', () => {
    expect(errorsOf(schema.safeParse({ whole: 'part', amount: '' }))).toEqual({ amount: MONEY_FORM_MESSAGES.amountRequired });
    expect(errorsOf(schema.safeParse({ whole: 'part', amount: '10.001' }))).toEqual({ amount: MONEY_FORM_MESSAGES.amountFormat });
    expect(errorsOf(schema.safeParse({ whole: 'part', amount: '0.00' }))).toEqual({ amount: STAFF_MONEY_MESSAGES.amountPositive });
    expect(errorsOf(schema.safeParse({ whole: 'part', amount: '687.01' }))).toEqual({ amount: 'At most £687.00 is left to refund on this payment' });
  });
});

describe('the offline payment form', () => {
  const now = () => new Date('2026-11-27T12:00:00Z');
  const schema = offlinePaymentFormSchema(now);
  const valid = { amount: '250.00', method: 'bank_transfer', reference: 'BARCLAYS 123', received_on: '2026-11-27' };

  it('gives the API its body: minor units, the method, their reference and the day', () => {
    expect(schema.parse(valid)).toEqual({ amount: 25_000, method: 'bank_transfer', reference: 'BARCLAYS 123', received_on: '2026-11-27' });
  });

  it('names every missing field at once, with the API’s own messages', () => {
    expect(errorsOf(schema.safeParse({ amount: '', method: '', reference: ' ', received_on: '' }))).toEqual({
      amount: MONEY_FORM_MESSAGES.amountRequired,
      method: STAFF_MONEY_MESSAGES.methodRequired,
      reference: STAFF_MONEY_MESSAGES.referenceRequired,
      received_on: STAFF_MONEY_MESSAGES.receivedOnRequired,
    });
  });

  it('refuses money received after today in the operator’s calendar, even with other fields wrong', () => {
    expect(errorsOf(schema.safeParse({ ...valid, received_on: '2026-11-28' }))).toEqual({ received_on: STAFF_MONEY_MESSAGES.receivedOnFuture });
    expect(errorsOf(schema.safeParse({ ...valid, amount: 'x', received_on: '2026-11-28' }))).toEqual({
      amount: MONEY_FORM_MESSAGES.amountFormat,
      received_on: STAFF_MONEY_MESSAGES.receivedOnFuture,
    });
  });
});
