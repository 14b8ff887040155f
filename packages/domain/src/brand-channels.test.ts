import { describe, expect, it } from 'vitest';
import {
  BrandChannel,
  brandChannelName,
  isConcertsOnly,
  isDayTrip,
  isNonResidential,
  isOnlineTalk,
  omitsTravelAndAccommodation,
  showsDepositLine,
} from './brand-channels.ts';

describe('brand channels', () => {
  it('names every code of the spec and N/A for others', () => {
    expect(brandChannelName(6)).toBe('Undecided');
    expect(brandChannelName(7)).toBe('Lecture Afternoons');
    expect(brandChannelName(8)).toBe('London Days');
    expect(brandChannelName(9)).toBe('Music Festivals');
    expect(brandChannelName(10)).toBe('Tours for Small Groups');
    expect(brandChannelName(11)).toBe('Music & History Weekends');
    expect(brandChannelName(12)).toBe('Private Groups');
    expect(brandChannelName(14)).toBe('Concerts Only');
    expect(brandChannelName(15)).toBe('Online Talks');
    expect(brandChannelName(13)).toBe('N/A');
    expect(brandChannelName(null)).toBe('N/A');
    expect(brandChannelName(undefined)).toBe('N/A');
  });

  it('recognises day trips, online talks and concerts', () => {
    expect(isDayTrip(BrandChannel.LondonDays)).toBe(true);
    expect(isDayTrip(BrandChannel.OnlineTalks)).toBe(false);
    expect(isOnlineTalk(15)).toBe(true);
    expect(isConcertsOnly(14)).toBe(true);
    expect(isConcertsOnly(null)).toBe(false);
  });

  it('lets only day trips and online talks skip steps 2 and 3', () => {
    expect(omitsTravelAndAccommodation(8)).toBe(true);
    expect(omitsTravelAndAccommodation(15)).toBe(true);
    expect(omitsTravelAndAccommodation(14)).toBe(false);
    expect(omitsTravelAndAccommodation(11)).toBe(false);
  });

  it('hides the deposit line for day trips, online talks and concerts only', () => {
    expect(showsDepositLine(8)).toBe(false);
    expect(showsDepositLine(15)).toBe(false);
    expect(showsDepositLine(14)).toBe(false);
    expect(showsDepositLine(11)).toBe(true);
    expect(showsDepositLine(undefined)).toBe(true);
  });

  it('treats events without an overnight stay as non-residential', () => {
    expect([7, 8, 14, 15].every(isNonResidential)).toBe(true);
    expect([6, 9, 10, 11, 12].some(isNonResidential)).toBe(false);
  });
});
