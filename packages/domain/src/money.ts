import { z } from 'zod/mini';

/** Currencies a visitor may book in (spec section 9). */
export const CURRENCIES = ['GBP', 'USD', 'AUD'] as const;
export type CurrencyCode = (typeof CURRENCIES)[number];
export const DEFAULT_CURRENCY: CurrencyCode = 'GBP';

export const CURRENCY_LOCALES: Record<CurrencyCode, string> = {
  GBP: 'en-GB',
  USD: 'en-US',
  AUD: 'en-AU',
};

/**
 * Money is always an integer count of minor units (pence, cents). Every
 * currency we sell in has two minor digits, so one factor serves them all.
 */
export const MINOR_PER_MAJOR = 100;

/**
 * A zod brand rather than a transform: the type still tells minor units from
 * plain numbers, and the OpenAPI document can describe it as an integer.
 */
export const minorUnitsSchema = z
  .number()
  .check(
    z.int('Amounts are whole minor units'),
    z.minimum(Number.MIN_SAFE_INTEGER, 'Amount out of range'),
    z.maximum(Number.MAX_SAFE_INTEGER, 'Amount out of range'),
  )
  .brand<'MinorUnits'>();
export type MinorUnits = z.infer<typeof minorUnitsSchema>;

export const currencyCodeSchema = z.enum(CURRENCIES);

/** `{ value, currency }` as the spec names it on tours, balances and payments. */
export const moneySchema = z.object({ value: minorUnitsSchema, currency: currencyCodeSchema });
export type Money = z.infer<typeof moneySchema>;

/** `{ value, currency_code }` as the spec names it on option prices and totals. */
export const moneyCodeSchema = z.object({ value: minorUnitsSchema, currency_code: currencyCodeSchema });

export function minor(n: number): MinorUnits {
  if (!Number.isSafeInteger(n)) throw new RangeError(`Not a whole number of minor units: ${n}`);
  return n as MinorUnits;
}

export function isCurrencyCode(code: unknown): code is CurrencyCode {
  return typeof code === 'string' && (CURRENCIES as readonly string[]).includes(code);
}

/**
 * The reservations system answers 'XXX' before a currency is fixed; the spec
 * treats it as GBP. Anything else unknown falls back to the default too, so a
 * hand-edited URL never breaks the flow.
 */
export function normaliseCurrency(code: unknown): CurrencyCode {
  if (typeof code !== 'string') return DEFAULT_CURRENCY;
  const upper = code.trim().toUpperCase();
  return isCurrencyCode(upper) ? upper : DEFAULT_CURRENCY;
}

function wholeUnitsFormatter(currency: CurrencyCode): Intl.NumberFormat {
  return new Intl.NumberFormat(CURRENCY_LOCALES[currency], {
    style: 'currency',
    currency,
    minimumFractionDigits: 0,
    maximumFractionDigits: 0,
  });
}
const formatters = new Map<CurrencyCode, Intl.NumberFormat>();

/** Display price: the currency's own locale, no decimals (spec section 9). */
export function formatPrice(value: number, currency: CurrencyCode): string {
  let formatter = formatters.get(currency);
  if (!formatter) {
    formatter = wholeUnitsFormatter(currency);
    formatters.set(currency, formatter);
  }
  return formatter.format(value / MINOR_PER_MAJOR);
}

const exactFormatters = new Map<CurrencyCode, Intl.NumberFormat>();

/**
 * An amount due, paid or owed: whole amounts as prices are ('£1,895'), and
 * amounts with pence to the penny ('£441.75'), so the figure a visitor agrees
 * to is the figure the card is charged. Per-person prices keep formatPrice.
 * `pence: 'always'` writes whole amounts with pence too ('£1,895.00'), as a
 * card form prints the charge.
 */
export function formatAmount(value: number, currency: CurrencyCode, options: { pence?: 'when-any' | 'always' } = {}): string {
  if (value % MINOR_PER_MAJOR === 0 && options.pence !== 'always') return formatPrice(value, currency);
  let formatter = exactFormatters.get(currency);
  if (!formatter) {
    formatter = new Intl.NumberFormat(CURRENCY_LOCALES[currency], { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 });
    exactFormatters.set(currency, formatter);
  }
  return formatter.format(value / MINOR_PER_MAJOR);
}

export const INCLUDED_IN_PRICE = 'Included in price';

/** A per-person price: '£1,250pp', or 'Included in price' at 0. */
export function formatPerPerson(value: number, currency: CurrencyCode): string {
  return value === 0 ? INCLUDED_IN_PRICE : `${formatPrice(value, currency)}pp`;
}

/** An optional extra's price: '+£95pp', or 'Included in price' at 0. */
export function formatSupplement(value: number, currency: CurrencyCode): string {
  return value === 0 ? INCLUDED_IN_PRICE : `+${formatPrice(value, currency)}pp`;
}

/** The card provider takes major units with exactly two decimals, as a string. */
export function toProviderAmount(value: number): string {
  if (!Number.isSafeInteger(value)) throw new RangeError(`Not a whole number of minor units: ${value}`);
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  const major = Math.floor(abs / MINOR_PER_MAJOR);
  const cents = String(abs % MINOR_PER_MAJOR).padStart(2, '0');
  return `${sign}${major}.${cents}`;
}

/** Parses '123.45' (at most two decimals) into minor units; null when malformed. */
export function fromProviderAmount(amount: string): MinorUnits | null {
  const match = /^(-)?(\d{1,13})(?:\.(\d{1,2}))?$/.exec(amount.trim());
  if (!match) return null;
  const [, sign, major, fraction = ''] = match;
  const value = Number(major) * MINOR_PER_MAJOR + Number(fraction.padEnd(2, '0'));
  return minor(sign ? -value : value);
}
