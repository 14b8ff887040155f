import { describe, expect, it } from 'vitest';
import { BrandChannel } from '../brand-channels.ts';
import {
  bookingMode,
  DATE_OF_BIRTH_PICKER_START_YEAR,
  daysUntil,
  departureStartsAt,
  DETAILS_REQUIRED_DAYS,
  MAX_ONLINE_PARTICIPANTS,
  NON_RESIDENTIAL_CUTOFF_HOURS,
  nonResidentialCutoff,
  operatorDate,
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

describe('the 72-hour rule, on London time', () => {
  const talk = BrandChannel.OnlineTalks;
  const minute = 60_000;
  const at = (iso: string, minutes = 0) => new Date(Date.parse(iso) + minutes * minute);
  /** The answer at exactly 72h00m before the start, and at 71h59m. */
  const aroundCutoff = (start: string, cutoff: string) => [bookingMode(talk, start, at(cutoff)), bookingMode(talk, start, at(cutoff, 1))];

  it('reads a bare date as midnight in London, a zone-less time as London wall-clock time', () => {
    // Summer: BST is UTC+1.
    expect(departureStartsAt('2027-07-15')).toEqual(new Date('2027-07-14T23:00:00Z'));
    expect(departureStartsAt('2027-07-15T00:00:00')).toEqual(new Date('2027-07-14T23:00:00Z'));
    expect(departureStartsAt('2027-07-15T19:30')).toEqual(new Date('2027-07-15T18:30:00Z'));
    // Winter: GMT is UTC.
    expect(departureStartsAt('2027-01-15')).toEqual(new Date('2027-01-15T00:00:00Z'));
    // An offset names the instant itself.
    expect(departureStartsAt('2027-07-15T19:30:00+02:00')).toEqual(new Date('2027-07-15T17:30:00Z'));
    expect(departureStartsAt('2027-07-15T19:30:00.000Z')).toEqual(new Date('2027-07-15T19:30:00Z'));
    for (const bad of ['2027-02-30', '2027-13-01', '2027-07-15T24:00', 'soon', '']) expect(departureStartsAt(bad), bad).toBeNull();
  });

  it('is confirmable at 72h00m before a summer (BST) start and closed at 71h59m', () => {
    expect(nonResidentialCutoff('2027-07-15')).toEqual(new Date('2027-07-11T23:00:00Z'));
    expect(aroundCutoff('2027-07-15', '2027-07-11T23:00:00Z')).toEqual(['confirmable', 'closed']);
    expect(aroundCutoff('2027-07-15T19:30:00', '2027-07-12T18:30:00Z')).toEqual(['confirmable', 'closed']);
  });

  it('is confirmable at 72h00m before a winter (GMT) start and closed at 71h59m', () => {
    expect(nonResidentialCutoff('2027-01-15')).toEqual(new Date('2027-01-12T00:00:00Z'));
    expect(aroundCutoff('2027-01-15', '2027-01-12T00:00:00Z')).toEqual(['confirmable', 'closed']);
    expect(aroundCutoff('2027-01-15T14:00', '2027-01-12T14:00:00Z')).toEqual(['confirmable', 'closed']);
  });

  it('counts real hours across the March change (clocks go forward on 28 March 2027)', () => {
    // Monday 00:00 BST is Sunday 23:00 UTC; 72 hours earlier is Thursday 23:00 GMT, not Friday midnight.
    expect(nonResidentialCutoff('2027-03-29')).toEqual(new Date('2027-03-25T23:00:00Z'));
    expect(aroundCutoff('2027-03-29', '2027-03-25T23:00:00Z')).toEqual(['confirmable', 'closed']);
    // The night of the change itself, still on GMT at midnight.
    expect(aroundCutoff('2027-03-28', '2027-03-25T00:00:00Z')).toEqual(['confirmable', 'closed']);
    // An evening start after the change closes at 18:00 GMT, an hour earlier on the clock.
    expect(aroundCutoff('2027-03-30T19:00', '2027-03-27T18:00:00Z')).toEqual(['confirmable', 'closed']);
  });

  it('counts real hours across the October change (clocks go back on 31 October 2027)', () => {
    // Monday 00:00 GMT; 72 hours earlier is Friday 01:00 BST (00:00 UTC).
    expect(nonResidentialCutoff('2027-11-01')).toEqual(new Date('2027-10-29T00:00:00Z'));
    expect(aroundCutoff('2027-11-01', '2027-10-29T00:00:00Z')).toEqual(['confirmable', 'closed']);
    // Sunday of the change starts at midnight BST (Saturday 23:00 UTC).
    expect(aroundCutoff('2027-10-31', '2027-10-27T23:00:00Z')).toEqual(['confirmable', 'closed']);
    // An evening start after the change (18:00 GMT) closes at 19:00 BST, an hour later on the clock.
    expect(aroundCutoff('2027-10-31T18:00', '2027-10-28T18:00:00Z')).toEqual(['confirmable', 'closed']);
  });

  it('sells nothing the old UTC whole-day count sold: three calendar days ahead in the morning is under 72 hours', () => {
    expect(bookingMode(talk, '2027-07-15', at('2027-07-12T09:00:00Z'))).toBe('closed');
    expect(bookingMode(talk, '2027-07-16', at('2027-07-12T09:00:00Z'))).toBe('confirmable');
  });

  it('reads "today" for residential tours on the London calendar, wherever the clock is read', () => {
    const weekend = BrandChannel.MusicAndHistoryWeekends;
    // 00:30 BST on 15 July is still 14 July in UTC: the tour starts today in London, so it is closed.
    expect(operatorDate(at('2027-07-14T23:30:00Z'))).toBe('2027-07-15');
    expect(bookingMode(weekend, '2027-07-15', at('2027-07-14T23:30:00Z'))).toBe('closed');
    expect(bookingMode(weekend, '2027-07-15', at('2027-07-14T22:59:00Z'))).toBe('optional');
    expect(bookingMode(weekend, '2027-08-19', at('2027-07-14T23:30:00Z'))).toBe('confirmable');
    expect(bookingMode(weekend, '2027-08-18', at('2027-07-14T23:30:00Z'))).toBe('optional');
  });
});

describe('daysUntil', () => {
  it('counts calendar days from today', () => {
    expect(daysUntil('2027-01-01', now)).toBe(0);
    expect(daysUntil('2027-04-01', now)).toBe(90);
    expect(daysUntil('2026-12-31', now)).toBe(-1);
  });
});
