import { describe, expect, it } from 'vitest';
import { VALIDATION } from '../messages.ts';
import { providerAmountSchema } from './payments.ts';

describe('providerAmountSchema', () => {
  const message = (amount: string) => providerAmountSchema.safeParse(amount).error?.issues[0]?.message;

  it('takes major units with exactly two decimals, above zero', () => {
    expect(providerAmountSchema.parse('1234.50')).toBe('1234.50');
    expect(providerAmountSchema.parse('0.01')).toBe('0.01');
  });

  it('says what is wrong with a zero, a negative amount and any other number of decimals', () => {
    expect(message('0.00')).toBe(VALIDATION.amountPositive);
    expect(message('-5.00')).toBe(VALIDATION.amountPositive);
    expect(message(' -0.01')).toBe(VALIDATION.amountPositive);
    expect(message('10.005')).toBe(VALIDATION.amountDecimals);
    expect(message('10.5')).toBe(VALIDATION.amountDecimals);
    expect(message('10')).toBe(VALIDATION.amountDecimals);
  });
});
