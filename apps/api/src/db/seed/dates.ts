const DAY_MS = 86_400_000;

/** Calendar arithmetic on 'YYYY-MM-DD' strings, in UTC so no time zone or DST shift moves the day. */
export function addDays(isoDate: string, days: number): string {
  return new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** An instant on a calendar date, at a UTC time of day ('09:30'). */
export function instantOn(isoDate: string, time = '10:00'): Date {
  return new Date(`${isoDate}T${time}:00Z`);
}
