import { describe, expect, it } from 'vitest';
import { BrandChannel } from '../brand-channels.ts';
import {
  bookingMode,
  DATE_OF_BIRTH_PICKER_START_YEAR,
  daysUntil,
  DETAILS_REQUIRED_DAYS,
  MAX_ONLINE_PARTICIPANTS,
  NON_RESIDENTIAL_CUTOFF_HOURS,
  OPTIONAL_ONLY_DAYS,
} from './departure-rules.ts';

const now = new Date(2027, 0, 1, 12, 0);

describe('limits', () => {
  it('holds the business constants of spec section 9', () => {
    expect([MAX_ONLINE_PARTICIPANTS, DETAILS_REQUIRED_DAYS, OPTIONAL_ONLY_DAYS, NON_RESIDENTIAL_CUTOFF_HOURS]).toEqual([2, 90, 35, 72]);
    expect(DATE_OF_BIRTH_PICKER_START_YEAR).toBe(1960);
  });
});

describe('bookingMode', () => {
  const weekend = BrandChannel.MusicAndHistoryWeekends;

  it('lets residential tours five weeks or more away be confirmed', () => {
    expect(bookingMode(weekend, '2027-02-05', now)).toBe('confirmable');
    expect(bookingMode(weekend, '2027-06-01', now)).toBe('confirmable');
  });

  it('makes residential tours under five weeks away optional bookings', () => {
    expect(bookingMode(weekend, '2027-02-04', now)).toBe('optional');
    expect(bookingMode(weekend, '2027-01-02', now)).toBe('optional');
  });

  it('closes departures that have started or passed', () => {
    expect(bookingMode(weekend, '2027-01-01', now)).toBe('closed');
    expect(bookingMode(weekend, '2026-12-01', now)).toBe('closed');
    expect(bookingMode(weekend, 'soon', now)).toBe('closed');
  });

  it('lets non-residential events be confirmed until 72 hours before they start', () => {
    const concert = BrandChannel.ConcertsOnly;
    expect(bookingMode(concert, new Date(2027, 0, 4, 12, 0).toISOString(), now)).toBe('confirmable');
    expect(bookingMode(concert, new Date(2027, 0, 4, 11, 59).toISOString(), now)).toBe('closed');
    expect(bookingMode(BrandChannel.LondonDays, '2027-01-10', now)).toBe('confirmable');
    expect(bookingMode(BrandChannel.OnlineTalks, '2027-01-03', now)).toBe('closed');
  });
});

describe('daysUntil', () => {
  it('counts calendar days from today', () => {
    expect(daysUntil('2027-01-01', now)).toBe(0);
    expect(daysUntil('2027-04-01', now)).toBe(90);
    expect(daysUntil('2026-12-31', now)).toBe(-1);
  });
});
