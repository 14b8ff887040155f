import { describe, expect, it } from 'vitest';
import { minor } from '../money.ts';
import {
  amountToPay,
  defaultPaymentOption,
  depositOffered,
  fullAmount,
  isPermittedAmount,
  paymentOptions,
  providerAmountFor,
} from './payment-amounts.ts';

const totals = (total: number, deposit: number) => ({
  total_price: { currency_code: 'GBP' as const, value: minor(total) },
  deposit: { currency_code: 'GBP' as const, value: minor(deposit) },
});

describe('payment options', () => {
  it('offers deposit and full when the deposit is above 0, below the total and no promotion is active', () => {
    expect(paymentOptions(totals(100_000, 15_000), false)).toEqual(['deposit', 'full']);
  });

  it('offers only full when the deposit is 0, equals the total, or a promotion is active', () => {
    expect(paymentOptions(totals(100_000, 0), false)).toEqual(['full']);
    expect(paymentOptions(totals(15_000, 15_000), false)).toEqual(['full']);
    expect(paymentOptions(totals(100_000, 15_000), true)).toEqual(['full']);
    expect(depositOffered(totals(0, 0), false)).toBe(false);
  });

  it("defaults to 'deposit', or 'full' when the deposit is 0", () => {
    expect(defaultPaymentOption(totals(100_000, 15_000))).toBe('deposit');
    expect(defaultPaymentOption(totals(100_000, 0))).toBe('full');
  });
});

describe('amounts', () => {
  it('charges the full amount net of the promotion already in the total', () => {
    expect(fullAmount(totals(80_000, 12_000))).toBe(80_000);
    expect(fullAmount(totals(-5, 0))).toBe(0);
  });

  it('charges the deposit or the full amount', () => {
    expect(amountToPay(totals(100_000, 15_000), 'deposit', false)).toBe(15_000);
    expect(amountToPay(totals(100_000, 15_000), 'full', false)).toBe(100_000);
  });

  it('charges the full amount when a deposit is asked for but not offered', () => {
    expect(amountToPay(totals(100_000, 15_000), 'deposit', true)).toBe(100_000);
    expect(amountToPay(totals(100_000, 0), 'deposit', false)).toBe(100_000);
  });

  it('writes the amount for the provider with two decimals', () => {
    expect(providerAmountFor(totals(123_457, 18_519), 'deposit', false)).toBe('185.19');
    expect(providerAmountFor(totals(123_457, 18_519), 'full', false)).toBe('1234.57');
  });
});

describe('isPermittedAmount', () => {
  it('allows exactly the deposit on offer or the full amount', () => {
    expect(isPermittedAmount('150.00', totals(100_000, 15_000), false)).toBe(true);
    expect(isPermittedAmount('1000.00', totals(100_000, 15_000), false)).toBe(true);
  });

  it('refuses any other amount, a withdrawn deposit and malformed text', () => {
    expect(isPermittedAmount('149.99', totals(100_000, 15_000), false)).toBe(false);
    expect(isPermittedAmount('150.00', totals(100_000, 15_000), true)).toBe(false);
    expect(isPermittedAmount('0.00', totals(0, 0), false)).toBe(false);
    expect(isPermittedAmount('-1000.00', totals(100_000, 15_000), false)).toBe(false);
    expect(isPermittedAmount('1,000.00', totals(100_000, 15_000), false)).toBe(false);
  });
});
