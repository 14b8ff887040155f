import { z } from 'zod/mini';
import { isCountryCode, DEFAULT_COUNTRY } from './countries.ts';
import { isIsoDate } from './dates.ts';
import { maxLengthMessage, VALIDATION } from './messages.ts';
import { textChecks } from './input-values.ts';
import { stripHtml } from './text.ts';

/**
 * Field builders behind every form schema. Web forms (react-hook-form) and API
 * bodies use the same schemas, so a message shown in the browser is the one a
 * 400 answer carries in `error.fields`.
 */

/**
 * Required free text: HTML stripped, then trimmed, so '  <b></b> ' counts as
 * empty; one line, with no control character (input-values.ts).
 */
export const requiredText = (message: string, max = 100) =>
  z.string({ error: message }).check(z.overwrite(stripHtml), ...textChecks({ max, required: message, maxMessage: maxLengthMessage(max) }));

/** How a free-text field is typed: `lines` for a textarea, whose line breaks and tabs are kept. */
export interface FreeTextOptions {
  lines?: boolean;
}

/** Free text that may be empty: HTML stripped, trimmed; one line unless `lines`. */
export const freeText = (max = 100, { lines = false }: FreeTextOptions = {}) =>
  z.string({ error: VALIDATION.valueRequired }).check(z.overwrite(stripHtml), ...textChecks({ max, lines, maxMessage: maxLengthMessage(max) }));

/** Optional free text; absent becomes '' so stored records never mix null and ''. */
export const optionalText = (max = 100, options: FreeTextOptions = {}) => z._default(freeText(max, options), '');

/**
 * A telephone number as people write it: digits with spaces, hyphens, dots
 * or brackets between them and an optional leading '+' ('07700 900123',
 * '+44 (0)7700-900123', '020.7946.0018'). The spec's rule is 'digits with
 * optional decimal part'; a telephone number has no decimal part, so a dot is
 * read as the separator some countries write, and everything that rule accepts
 * is still accepted. Letters and other signs keep 'Numeric values only'.
 */
export const PHONE_PATTERN = /^\+?[\d\s().\-\u2010-\u2015\u2212]*\d[\d\s().\-\u2010-\u2015\u2212]*$/;

/**
 * The number as stored: the separators gone, a leading '+' kept, so one line
 * is always stored, compared and dialled the same way. After a country code a
 * bracketed '(0)' is the trunk prefix dialled only at home, so it goes too:
 * '+44 (0)7700 900123' is '+447700900123'.
 */
export function normalisePhoneNumber(value: string): string {
  const written = value.trim();
  const international = written.startsWith('+');
  const body = international ? written.slice(1).replace(/\(\s*0\s*\)/g, '') : written;
  const digits = body.replace(/[^\d]/g, '');
  return international ? `+${digits}` : digits;
}

/**
 * An optional telephone field, in forms and API bodies alike: checked as
 * written, stored normalised, at most `max` characters once normalised
 * (E.164 allows 15 digits; 20 leaves room for an extension's digits).
 */
export const phoneNumber = (max = 20) =>
  z._default(
    z.string({ error: VALIDATION.numericOnly }).check(
      z.trim(),
      // Long enough for any number written with separators; the real limit applies once they are gone.
      z.maxLength(max * 2, { message: maxLengthMessage(max), abort: true }),
      z.refine((value: string) => value === '' || PHONE_PATTERN.test(value), { message: VALIDATION.numericOnly, abort: true }),
      z.overwrite(normalisePhoneNumber),
      z.maxLength(max, maxLengthMessage(max)),
    ),
    '',
  );

/** A required calendar date 'YYYY-MM-DD' that exists (no 31 February). */
export const requiredIsoDate = (message: string) =>
  z.string({ error: message }).check(
    z.trim(),
    // Abort so an empty or malformed date reports one message, not every rule after it.
    z.minLength(1, { message, abort: true }),
    z.refine(isIsoDate, { message: VALIDATION.dateFormat, abort: true }),
  );

/** A required ISO 3166 alpha-3 code; an unknown code reads as not chosen. */
export const countryCodeSchema = (message: string = VALIDATION.countryRequired) =>
  z.string({ error: message }).check(z.trim(), z.toUpperCase(), z.minLength(1, message), z.refine(isCountryCode, message));

/**
 * A postal address as forms take it. Participant forms say 'Postcode', the
 * account forms 'Postal code', so the message is the one thing that varies.
 */
export const addressFormSchema = (postalCodeMessage: string) =>
  z.object(
    {
      line_1: requiredText(VALIDATION.line1Required),
      line_2: optionalText(),
      line_3: optionalText(),
      city: requiredText(VALIDATION.cityRequired, 60),
      /** Shown as County. */
      state: requiredText(VALIDATION.stateRequired, 60),
      postal_code: requiredText(postalCodeMessage, 16),
      country: z._default(countryCodeSchema(), DEFAULT_COUNTRY),
    },
    { error: VALIDATION.valueRequired },
  );
export type AddressInput = z.input<ReturnType<typeof addressFormSchema>>;
export type Address = z.output<ReturnType<typeof addressFormSchema>>;
