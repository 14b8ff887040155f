import { describe, expect, it } from 'vitest';
import {
  accountPaymentAmount,
  bookingOutstandingBalance,
  isPermittedBalancePayment,
  oneOffAmountSchema,
  outstandingBalance,
} from './payment.ts';

describe('oneOffAmountSchema', () => {
  const schema = oneOffAmountSchema(50_000);
  const message = (typed: unknown) => schema.safeParse(typed).error?.issues[0]?.message;

  it('reads a typed amount into minor units', () => {
    expect(schema.parse('250')).toBe(25_000);
    expect(schema.parse(' 250.5 ')).toBe(25_050);
    expect(schema.parse('500.00')).toBe(50_000);
  });

  it('gives the generic messages for missing and non-numeric input', () => {
    expect(message('')).toBe('Value is required');
    expect(message(undefined)).toBe('Value is required');
    expect(message('£20')).toBe('Value must be numeric');
    expect(message('1.234')).toBe('Use at most two decimal places');
  });

  it('refuses zero and more than the balance', () => {
    expect(message('0')).toBe('The amount must be more than 0');
    expect(message('500.01')).toBe('The amount cannot be more than the outstanding balance');
    expect(message('99999999999999999')).toBe('The amount cannot be more than the outstanding balance');
  });
});

describe('accountPaymentAmount', () => {
  it('charges the full balance or the typed amount', () => {
    expect(accountPaymentAmount('full', 50_000)).toBe(50_000);
    expect(accountPaymentAmount('custom', 50_000, '120')).toBe(12_000);
  });

  it('answers null when there is nothing valid to charge', () => {
    expect(accountPaymentAmount('full', 0)).toBeNull();
    expect(accountPaymentAmount('custom', 50_000, 'abc')).toBeNull();
    expect(accountPaymentAmount('custom', 50_000)).toBeNull();
  });
});

describe('isPermittedBalancePayment', () => {
  it('allows amounts above zero up to the balance', () => {
    expect(isPermittedBalancePayment(1, 100)).toBe(true);
    expect(isPermittedBalancePayment(100, 100)).toBe(true);
    expect(isPermittedBalancePayment(101, 100)).toBe(false);
    expect(isPermittedBalancePayment(0, 100)).toBe(false);
    expect(isPermittedBalancePayment(1.5, 100)).toBe(false);
  });
});

describe('outstandingBalance', () => {
  it('is the total less what was paid, never negative', () => {
    expect(outstandingBalance(100_000, 15_000)).toBe(85_000);
    expect(outstandingBalance(100_000, 100_000)).toBe(0);
    expect(outstandingBalance(100_000, 120_000)).toBe(0);
  });
});

describe('bookingOutstandingBalance', () => {
  it('is the total less the payments on a settled booking, never below zero', () => {
    expect(bookingOutstandingBalance({ status: 'Confirmed', reference: 'MER-100001' }, 250_000, 37_500)).toBe(212_500);
    expect(bookingOutstandingBalance({ status: 'Optional', reference: 'MER-100001' }, 250_000, 0)).toBe(250_000);
    expect(bookingOutstandingBalance({ status: 'Confirmed', reference: 'MER-100001' }, 250_000, 260_000)).toBe(0);
  });

  it('is nothing on a booking that takes no balance payments', () => {
    expect(bookingOutstandingBalance({ status: 'Cancelled', reference: 'MER-100001' }, 250_000, 0)).toBe(0);
    expect(bookingOutstandingBalance({ status: 'Unconfirmed', reference: null }, 250_000, 37_500)).toBe(0);
    expect(bookingOutstandingBalance({ status: 'Quote', reference: null }, 250_000, 0)).toBe(0);
    expect(bookingOutstandingBalance({ status: 'Optional', reference: null }, 250_000, 0)).toBe(0);
  });
});
