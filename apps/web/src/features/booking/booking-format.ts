import { countOf, formatTimeAndDate, type Speaker, formatPersonName } from '@tours/domain';

/** 'Dr Helena Marsh, Professor Julian Ashby' (spec section 2: title, forename, surname). */
export const speakerNames = (speakers: readonly Speaker[]): string =>
  speakers.map((speaker) => formatPersonName(speaker)).join(', ');

export const passengerName = (passenger: { title?: string; given_name: string; family_name: string }): string =>
  formatPersonName({ title: passenger.title, forename: passenger.given_name, surname: passenger.family_name });

/**
 * A flight's departure as airlines print it: the airport's own clock time,
 * 'HH:mm - d MMM yyyy'. Any offset is dropped first, so the browser's time
 * zone can never move a 15:10 departure to another hour or day.
 */
export function formatFlightTime(dateTime: string): string {
  const local = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?/.exec(dateTime)?.[0];
  return formatTimeAndDate(local ?? dateTime);
}

export const nightsLabel = (nights: number): string => countOf(nights, 'night');

