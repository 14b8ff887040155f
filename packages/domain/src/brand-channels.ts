/** Brand channel codes of the reservations system (spec section 3). */
export const BRAND_CHANNELS = {
  6: 'Undecided',
  7: 'Lecture Afternoons',
  8: 'London Days',
  9: 'Music Festivals',
  10: 'Tours for Small Groups',
  11: 'Music & History Weekends',
  12: 'Private Groups',
  14: 'Concerts Only',
  15: 'Online Talks',
} as const;

export type BrandChannelCode = keyof typeof BRAND_CHANNELS;
export const BRAND_CHANNEL_UNKNOWN = 'N/A';

export const BrandChannel = {
  Undecided: 6,
  LectureAfternoons: 7,
  LondonDays: 8,
  MusicFestivals: 9,
  SmallGroups: 10,
  MusicAndHistoryWeekends: 11,
  PrivateGroups: 12,
  ConcertsOnly: 14,
  OnlineTalks: 15,
} as const satisfies Record<string, BrandChannelCode>;

export function brandChannelName(code: number | null | undefined): string {
  return code != null && code in BRAND_CHANNELS ? BRAND_CHANNELS[code as BrandChannelCode] : BRAND_CHANNEL_UNKNOWN;
}

export const isDayTrip = (code: number | null | undefined): boolean => code === BrandChannel.LondonDays;
export const isOnlineTalk = (code: number | null | undefined): boolean => code === BrandChannel.OnlineTalks;
export const isConcertsOnly = (code: number | null | undefined): boolean => code === BrandChannel.ConcertsOnly;

/**
 * Events with no overnight stay: lecture afternoons, day trips, concerts and
 * online talks. These may be confirmed online up to 72 hours before departure.
 */
export function isNonResidential(code: number | null | undefined): boolean {
  return (
    code === BrandChannel.LectureAfternoons ||
    code === BrandChannel.LondonDays ||
    code === BrandChannel.ConcertsOnly ||
    code === BrandChannel.OnlineTalks
  );
}

/** Day trips and online talks skip travel arrangements and accommodation (steps 2 and 3). */
export function omitsTravelAndAccommodation(code: number | null | undefined): boolean {
  return isDayTrip(code) || isOnlineTalk(code);
}

/** The summary panel shows a deposit line only for tours that take a deposit. */
export function showsDepositLine(code: number | null | undefined): boolean {
  return !isDayTrip(code) && !isOnlineTalk(code) && !isConcertsOnly(code);
}
