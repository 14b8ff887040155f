import { describe, expect, it } from 'vitest';
import { BALANCE_DUE_DAYS, balanceDueDate, balanceDuePhrase, balanceDueSentence, isBalanceDueNow } from './balance-due.ts';

describe('balanceDueDate', () => {
  it('falls the given number of days before departure, across month and year ends', () => {
    expect(BALANCE_DUE_DAYS).toBe(90);
    expect(balanceDueDate('2027-06-30', BALANCE_DUE_DAYS)).toBe('2027-04-01');
    expect(balanceDueDate('2027-03-01', BALANCE_DUE_DAYS)).toBe('2026-12-01');
    expect(balanceDueDate('2028-05-29', BALANCE_DUE_DAYS)).toBe('2028-02-29');
  });

  it('follows a configured number of days, and reads a departure given as a date-time', () => {
    expect(balanceDueDate('2027-06-30', 60)).toBe('2027-05-01');
    expect(balanceDueDate('2027-06-30', 0)).toBe('2027-06-30');
    expect(balanceDueDate('2027-06-30T00:00:00', 30)).toBe('2027-05-31');
  });
});

describe('the balance due wording', () => {
  it('names the date until it comes', () => {
    const now = new Date('2027-02-26T12:00:00Z');
    expect(isBalanceDueNow('2027-02-27', now)).toBe(false);
    expect(balanceDuePhrase('2027-02-27', now)).toBe('due by 27 Feb 2027');
    expect(balanceDueSentence(368_900, 'GBP', '2027-02-27', now)).toBe('The balance of £3,689 is due by 27 Feb 2027.');
    expect(balanceDueSentence(368_950, 'USD', '2027-03-04', now)).toMatch(/^The balance of (US)?\$3,689\.50 is due by 04 Mar 2027\.$/);
  });

  it('says "due now" from the due date on, and for a departure within the period', () => {
    const now = new Date('2027-02-27T09:00:00Z');
    expect(balanceDuePhrase('2027-02-27', now)).toBe('due now');
    expect(balanceDueSentence(368_900, 'GBP', '2026-12-01', now)).toBe('The balance of £3,689 is due now.');
    expect(balanceDueSentence(368_900, 'GBP', '2026-12-01', now, { pence: 'always' })).toBe('The balance of £3,689.00 is due now.');
  });

  it("counts the day in the operator's time zone, not the server's or the browser's", () => {
    // 23:30 UTC on 30 June is already 1 July in London (summer time).
    expect(isBalanceDueNow('2027-07-01', new Date('2027-06-30T23:30:00Z'))).toBe(true);
    // In winter London is on UTC: still 26 February.
    expect(isBalanceDueNow('2027-02-27', new Date('2027-02-26T23:30:00Z'))).toBe(false);
    // Or said on a calendar date already the operator's (the day a booking was confirmed).
    expect(balanceDuePhrase('2027-02-27', '2027-02-26')).toBe('due by 27 Feb 2027');
    expect(balanceDuePhrase('2027-02-27', '2027-02-27')).toBe('due now');
  });
});
