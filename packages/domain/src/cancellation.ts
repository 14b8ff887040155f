import { calendarDateIn, calendarDaysBetween, isIsoDate } from './dates.ts';
import { formatAmount, minor, type CurrencyCode, type MinorUnits } from './money.ts';
import { OPERATOR } from './operator.ts';
import { percentOf } from './pricing/deposit.ts';

/**
 * The operator's cancellation charges (issue 26): one home for the schedule,
 * the charge of a booking cancelled on a day, and the refund that leaves.
 * A schedule is a list of bands by calendar days before departure (London,
 * the operator's calendar: dates.ts), each keeping the deposit or a share of
 * the booking's total. The defaults are the usual UK tour-operator shape:
 * 60 days or more before departure the deposit is kept, 30 to 59 days half
 * the total, under 30 days all of it. The API reads its schedule from
 * CANCELLATION_SCHEDULE in the compact form `60:deposit,30:50%,0:100%`.
 * Every figure is exact integer minor units.
 */

/** What a band keeps: the booking's deposit, or a whole percentage of its total. */
export type CancellationChargeRule = { kind: 'deposit' } | { kind: 'percent'; percent: number };

export interface CancellationBand {
  /** The band covers cancellations this many calendar days or more before departure (up to the next band's). */
  fromDays: number;
  charge: CancellationChargeRule;
}

/** Bands, furthest from departure first; the last one starts at 0 days (departure day, and after it). */
export type CancellationSchedule = readonly CancellationBand[];

export const DEFAULT_CANCELLATION_SCHEDULE_TEXT = '60:deposit,30:50%,0:100%';

/** Days a band may start at: up to ten years before departure. */
const MAX_BAND_DAYS = 3650;

export const CANCELLATION_SCHEDULE_MESSAGES = {
  empty: 'Give at least one band, such as 60:deposit,30:50%,0:100%',
  band: "Write each band as DAYS:CHARGE, such as '60:deposit' or '30:50%'",
  days: `Days are whole numbers from 0 to ${MAX_BAND_DAYS}`,
  charge: "A charge is 'deposit' or a whole percentage from 0% to 100%",
  repeated: 'Each number of days may start one band only',
  noZero: 'The schedule needs a band from 0 days (cancellations close to departure)',
  falling: 'A percentage may not fall as departure comes nearer',
} as const;

export type ParsedCancellationSchedule = { ok: true; schedule: CancellationSchedule } | { ok: false; message: string };

/** Reads the compact form `60:deposit,30:50%,0:100%` (bands in any order, spaces allowed); the message says what is wrong. */
export function parseCancellationSchedule(text: string): ParsedCancellationSchedule {
  const parts = text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  if (parts.length === 0) return { ok: false, message: CANCELLATION_SCHEDULE_MESSAGES.empty };
  const bands: CancellationBand[] = [];
  for (const part of parts) {
    const match = /^(\S+?)\s*:\s*(\S+)$/.exec(part);
    if (!match) return { ok: false, message: `${CANCELLATION_SCHEDULE_MESSAGES.band} ('${part}')` };
    const [, daysText, chargeText] = match as unknown as [string, string, string];
    if (!/^\d{1,4}$/.test(daysText) || Number(daysText) > MAX_BAND_DAYS) return { ok: false, message: `${CANCELLATION_SCHEDULE_MESSAGES.days} ('${part}')` };
    let charge: CancellationChargeRule;
    if (chargeText.toLowerCase() === 'deposit') charge = { kind: 'deposit' };
    else if (/^\d{1,3}%$/.test(chargeText) && Number(chargeText.slice(0, -1)) <= 100) charge = { kind: 'percent', percent: Number(chargeText.slice(0, -1)) };
    else return { ok: false, message: `${CANCELLATION_SCHEDULE_MESSAGES.charge} ('${part}')` };
    bands.push({ fromDays: Number(daysText), charge });
  }
  bands.sort((a, b) => b.fromDays - a.fromDays);
  if (new Set(bands.map((band) => band.fromDays)).size !== bands.length) return { ok: false, message: CANCELLATION_SCHEDULE_MESSAGES.repeated };
  if (bands.at(-1)!.fromDays !== 0) return { ok: false, message: CANCELLATION_SCHEDULE_MESSAGES.noZero };
  const percents = bands.flatMap((band) => (band.charge.kind === 'percent' ? [band.charge.percent] : []));
  if (percents.some((percent, index) => index > 0 && percent < percents[index - 1]!)) return { ok: false, message: CANCELLATION_SCHEDULE_MESSAGES.falling };
  return { ok: true, schedule: bands };
}

/** The compact form of a schedule, furthest band first: what CANCELLATION_SCHEDULE takes. */
export function formatCancellationSchedule(schedule: CancellationSchedule): string {
  return schedule.map((band) => `${band.fromDays}:${band.charge.kind === 'deposit' ? 'deposit' : `${band.charge.percent}%`}`).join(',');
}

function parsedOrThrow(text: string): CancellationSchedule {
  const parsed = parseCancellationSchedule(text);
  if (!parsed.ok) throw new Error(`Invalid cancellation schedule '${text}': ${parsed.message}`);
  return parsed.schedule;
}

export const DEFAULT_CANCELLATION_SCHEDULE: CancellationSchedule = parsedOrThrow(DEFAULT_CANCELLATION_SCHEDULE_TEXT);

/**
 * Whole calendar days from the operator's 'today' on `on` to the departure
 * date ('YYYY-MM-DD'), London time whatever the server's zone: 0 on
 * departure day, negative once it has passed.
 */
export function daysBeforeDeparture(departureDate: string, on: Date): number {
  if (!isIsoDate(departureDate.slice(0, 10))) throw new RangeError(`Not a departure date: ${departureDate}`);
  return calendarDaysBetween(calendarDateIn(on, OPERATOR.timeZone), departureDate.slice(0, 10));
}

/** The band that covers a cancellation `days` before departure; after departure (a no-show), the nearest band. */
export function cancellationBand(schedule: CancellationSchedule, days: number): CancellationBand {
  return schedule.find((band) => days >= band.fromDays) ?? schedule.at(-1)!;
}

export interface CancellationChargeInput {
  /** The booking's total, minor units. */
  total: number;
  /** Its deposit (depositFor its total at the percentage it was sold under), minor units. */
  deposit: number;
  /** 'YYYY-MM-DD' */
  departureDate: string;
  /** When it is cancelled. */
  on: Date;
  schedule?: CancellationSchedule;
}

export interface CancellationCharge {
  /** What the operator keeps, minor units: never below 0, never above the total. */
  charge: MinorUnits;
  band: CancellationBand;
  /** Calendar days before departure (London) on the day of cancelling; negative after departure. */
  daysBeforeDeparture: number;
}

/** The charge of cancelling a booking on a day, by the schedule's band for that day. */
export function cancellationCharge(input: CancellationChargeInput): CancellationCharge {
  const schedule = input.schedule ?? DEFAULT_CANCELLATION_SCHEDULE;
  const days = daysBeforeDeparture(input.departureDate, input.on);
  const band = cancellationBand(schedule, days);
  const total = Math.max(0, minor(input.total));
  const kept = band.charge.kind === 'deposit' ? Math.max(0, minor(input.deposit)) : percentOf(total, band.charge.percent);
  return { charge: minor(Math.min(kept, total)), band, daysBeforeDeparture: days };
}

/** What goes back to the payer: everything paid above the charge, never below 0. */
export const refundDue = (paid: number, charge: number): MinorUnits => minor(Math.max(0, paid - charge));

/** What the payer still owes the operator when the charge is more than was paid (an agency's booking not yet paid for). */
export const chargeOwed = (paid: number, charge: number): MinorUnits => minor(Math.max(0, charge - paid));

/** A payment a refund may be taken from, with what is left of it to refund. */
export interface RefundablePayment {
  id: number;
  refundable: number;
}

/**
 * Spreads a refund over the booking's payments in the order given (newest
 * first: the latest money goes back first, so an early deposit by card is
 * the last touched): each gives up to what is left of it. Answers only the
 * payments that give something. A refund larger than all that is left is a
 * caller's error.
 */
export function spreadRefund(amount: number, payments: readonly RefundablePayment[]): { id: number; amount: MinorUnits }[] {
  let left = minor(amount);
  if (left < 0) throw new RangeError(`A refund is not negative, got ${amount}`);
  const shares: { id: number; amount: MinorUnits }[] = [];
  for (const payment of payments) {
    if (left === 0) break;
    const share = Math.min(left, Math.max(0, payment.refundable));
    if (share > 0) shares.push({ id: payment.id, amount: minor(share) });
    left = minor(left - share);
  }
  if (left > 0) throw new RangeError(`The payments have ${amount - left} left to refund, not ${amount}`);
  return shares;
}

/** The band in words, for the preview and the e-mail: '30 to 59 days before departure: 50% of the total'. */
export function describeCancellationBand(schedule: CancellationSchedule, band: CancellationBand): string {
  const index = schedule.indexOf(band);
  const above = index > 0 ? schedule[index - 1]!.fromDays - 1 : null;
  const when =
    above === null
      ? `${band.fromDays} days or more before departure`
      : band.fromDays === 0
        ? `Under ${above + 1} days before departure`
        : band.fromDays === above
          ? `${band.fromDays} days before departure`
          : `${band.fromDays} to ${above} days before departure`;
  const what = band.charge.kind === 'deposit' ? 'the deposit' : `${band.charge.percent}% of the total`;
  return `${when}: ${what}`;
}

/** An exact amount with pence, as every figure of a cancellation is shown ('£1,234.50'). */
export const cancellationAmount = (value: number, currency: CurrencyCode) => formatAmount(value, currency, { pence: 'always' });
