import { describe, expect, it } from 'vitest';
import {
  cancellationBand,
  cancellationCharge,
  chargeOwed,
  DEFAULT_CANCELLATION_SCHEDULE,
  DEFAULT_CANCELLATION_SCHEDULE_TEXT,
  daysBeforeDeparture,
  describeCancellationBand,
  formatCancellationSchedule,
  parseCancellationSchedule,
  refundDue,
  spreadRefund,
  type CancellationSchedule,
} from './cancellation.ts';
import { depositFor, percentOf } from './pricing/deposit.ts';

/** Noon in London on a 'YYYY-MM-DD' day (summer time: 11:00 UTC). */
const londonNoon = (date: string) => new Date(`${date}T11:00:00Z`);

const DEPARTURE = '2027-08-20';
/** A departure's total in pence: £4,035.00, deposit £605.25 (15%, half up). */
const TOTAL = 403_500;
const DEPOSIT = depositFor(TOTAL);

/** The day `days` calendar days before DEPARTURE. */
const daysBefore = (days: number) => new Date(Date.parse(`${DEPARTURE}T11:00:00Z`) - days * 86_400_000);

describe('the default schedule', () => {
  it('is 60 days or more: the deposit, 30 to 59: half the total, under 30: all of it', () => {
    expect(DEFAULT_CANCELLATION_SCHEDULE).toEqual([
      { fromDays: 60, charge: { kind: 'deposit' } },
      { fromDays: 30, charge: { kind: 'percent', percent: 50 } },
      { fromDays: 0, charge: { kind: 'percent', percent: 100 } },
    ]);
    expect(formatCancellationSchedule(DEFAULT_CANCELLATION_SCHEDULE)).toBe(DEFAULT_CANCELLATION_SCHEDULE_TEXT);
  });

  it.each([
    [400, DEPOSIT, 'the deposit, far ahead'],
    [60, DEPOSIT, 'the deposit on day 60'],
    [59, 201_750, 'half on day 59'],
    [30, 201_750, 'half on day 30'],
    [29, TOTAL, 'all of it on day 29'],
    [1, TOTAL, 'all of it the day before'],
    [0, TOTAL, 'all of it on departure day'],
    [-3, TOTAL, 'all of it after departure (a no-show)'],
  ])('charges %i days before departure %i pence (%s)', (days, charge) => {
    const result = cancellationCharge({ total: TOTAL, deposit: DEPOSIT, departureDate: DEPARTURE, on: daysBefore(days) });
    expect(result.daysBeforeDeparture).toBe(days);
    expect(result.charge).toBe(charge);
  });

  it('names each band in words', () => {
    const [far, middle, near] = DEFAULT_CANCELLATION_SCHEDULE as [CancellationSchedule[number], CancellationSchedule[number], CancellationSchedule[number]];
    expect(describeCancellationBand(DEFAULT_CANCELLATION_SCHEDULE, far)).toBe('60 days or more before departure: the deposit');
    expect(describeCancellationBand(DEFAULT_CANCELLATION_SCHEDULE, middle)).toBe('30 to 59 days before departure: 50% of the total');
    expect(describeCancellationBand(DEFAULT_CANCELLATION_SCHEDULE, near)).toBe('Under 30 days before departure: 100% of the total');
  });
});

describe('days before departure, on the London calendar', () => {
  it('counts calendar days in London whatever the time of day', () => {
    expect(daysBeforeDeparture(DEPARTURE, londonNoon('2027-06-21'))).toBe(60);
    // 23:30 UTC on 21 June is 00:30 on 22 June in London (summer time): already 59 days before.
    expect(daysBeforeDeparture(DEPARTURE, new Date('2027-06-21T23:30:00Z'))).toBe(59);
    // 22:59 UTC is still 23:59 on 21 June in London.
    expect(daysBeforeDeparture(DEPARTURE, new Date('2027-06-21T22:59:00Z'))).toBe(60);
    // In winter London is on UTC: 23:30 UTC is still the same day.
    expect(daysBeforeDeparture('2027-01-31', new Date('2026-12-01T23:30:00Z'))).toBe(61);
  });

  it('moves from one band to the next at London midnight', () => {
    const lastMinute = cancellationCharge({ total: TOTAL, deposit: DEPOSIT, departureDate: DEPARTURE, on: new Date('2027-06-21T22:59:59Z') });
    const nextDay = cancellationCharge({ total: TOTAL, deposit: DEPOSIT, departureDate: DEPARTURE, on: new Date('2027-06-21T23:00:00Z') });
    expect(lastMinute).toMatchObject({ daysBeforeDeparture: 60, charge: DEPOSIT });
    expect(nextDay).toMatchObject({ daysBeforeDeparture: 59, charge: 201_750 });
  });

  it('refuses a departure date that is not one', () => {
    expect(() => daysBeforeDeparture('2027-02-30', new Date())).toThrow(RangeError);
  });
});

describe('charges are exact and never above the total', () => {
  it('rounds a share half up to a whole minor unit', () => {
    expect(percentOf(333, 50)).toBe(167);
    expect(percentOf(332, 50)).toBe(166);
    expect(percentOf(1, 50)).toBe(1);
    expect(percentOf(0, 50)).toBe(0);
    expect(percentOf(12_345, 0)).toBe(0);
    // Large totals stay exact (floating point would drift).
    expect(percentOf(9_007_199_254_740_991, 50)).toBe(4_503_599_627_370_496);
  });

  it('keeps no more than the total when the deposit is larger (a promotion brought the total down)', () => {
    expect(cancellationCharge({ total: 10_000, deposit: 60_000, departureDate: DEPARTURE, on: daysBefore(90) }).charge).toBe(10_000);
  });

  it('charges nothing on a booking that costs nothing', () => {
    for (const days of [90, 45, 10]) expect(cancellationCharge({ total: 0, deposit: 0, departureDate: DEPARTURE, on: daysBefore(days) }).charge).toBe(0);
  });

  it('refunds what was paid above the charge, and says what is still owed below it', () => {
    expect(refundDue(403_500, 201_750)).toBe(201_750);
    expect(refundDue(60_525, 201_750)).toBe(0);
    expect(chargeOwed(60_525, 201_750)).toBe(141_225);
    expect(chargeOwed(403_500, 201_750)).toBe(0);
  });
});

describe('a configured schedule', () => {
  it('reads the compact form, in any order, with spaces', () => {
    const parsed = parseCancellationSchedule(' 0:100% , 90:deposit, 45:25%,14:75% ');
    expect(parsed).toEqual({
      ok: true,
      schedule: [
        { fromDays: 90, charge: { kind: 'deposit' } },
        { fromDays: 45, charge: { kind: 'percent', percent: 25 } },
        { fromDays: 14, charge: { kind: 'percent', percent: 75 } },
        { fromDays: 0, charge: { kind: 'percent', percent: 100 } },
      ],
    });
    const schedule = parsed.ok ? parsed.schedule : [];
    expect(cancellationBand(schedule, 89)).toEqual({ fromDays: 45, charge: { kind: 'percent', percent: 25 } });
    expect(cancellationCharge({ total: 10_001, deposit: 1_500, departureDate: DEPARTURE, on: daysBefore(44), schedule }).charge).toBe(7_501);
    expect(describeCancellationBand(schedule, schedule[2]!)).toBe('14 to 44 days before departure: 75% of the total');
  });

  it.each([
    ['', 'Give at least one band'],
    ['60-deposit', 'DAYS:CHARGE'],
    ['60:deposit,x:50%,0:100%', 'Days are whole numbers'],
    ['4000:deposit,0:100%', 'Days are whole numbers'],
    ['60:half,0:100%', "A charge is 'deposit'"],
    ['60:150%,0:100%', "A charge is 'deposit'"],
    ['60:12.5%,0:100%', "A charge is 'deposit'"],
    ['60:deposit,60:50%,0:100%', 'Each number of days'],
    ['60:deposit,30:50%', 'a band from 0 days'],
    ['60:80%,0:50%', 'may not fall'],
  ])('refuses %j with a message', (text, message) => {
    const parsed = parseCancellationSchedule(text);
    expect(parsed.ok).toBe(false);
    expect(parsed.ok ? '' : parsed.message).toContain(message);
  });
});

describe('spreading a refund over the payments', () => {
  it('takes from the newest payment first, each up to what is left of it', () => {
    const payments = [
      { id: 9, refundable: 50_000 },
      { id: 4, refundable: 60_525 },
    ];
    expect(spreadRefund(80_000, payments)).toEqual([
      { id: 9, amount: 50_000 },
      { id: 4, amount: 30_000 },
    ]);
    expect(spreadRefund(20_000, payments)).toEqual([{ id: 9, amount: 20_000 }]);
    expect(spreadRefund(0, payments)).toEqual([]);
  });

  it('passes by payments with nothing left, and refuses more than is left in all', () => {
    expect(spreadRefund(100, [{ id: 1, refundable: 0 }, { id: 2, refundable: 100 }])).toEqual([{ id: 2, amount: 100 }]);
    expect(() => spreadRefund(201, [{ id: 1, refundable: 200 }])).toThrow(RangeError);
  });
});
