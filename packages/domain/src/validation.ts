import { z } from 'zod';
import { isCountryCode, DEFAULT_COUNTRY } from './countries.ts';
import { isIsoDate } from './dates.ts';
import { maxLengthMessage, VALIDATION } from './messages.ts';
import { stripHtml } from './text.ts';

/**
 * Field builders behind every form schema. Web forms (react-hook-form) and API
 * bodies use the same schemas, so a message shown in the browser is the one a
 * 400 answer carries in `error.fields`.
 */

/** Required free text: HTML stripped, then trimmed, so '  <b></b> ' counts as empty. */
export const requiredText = (message: string, max = 100) =>
  z.string({ error: message }).overwrite(stripHtml).trim().min(1, message).max(max, maxLengthMessage(max));

/** Free text that may be empty: HTML stripped, trimmed. */
export const freeText = (max = 100) =>
  z.string({ error: VALIDATION.valueRequired }).overwrite(stripHtml).trim().max(max, maxLengthMessage(max));

/** Optional free text; absent becomes '' so stored records never mix null and ''. */
export const optionalText = (max = 100) => freeText(max).default('');

/** Digits with an optional decimal part (spec section 5), or empty. */
export const NUMERIC_PATTERN = /^\d+(\.\d+)?$/;

export const numericText = (max = 20) =>
  z
    .string({ error: VALIDATION.numericOnly })
    .trim()
    .max(max, maxLengthMessage(max))
    .refine((value) => value === '' || NUMERIC_PATTERN.test(value), VALIDATION.numericOnly)
    .default('');

/** A required calendar date 'YYYY-MM-DD' that exists (no 31 February). */
export const requiredIsoDate = (message: string) =>
  z
    .string({ error: message })
    .trim()
    // Abort so an empty or malformed date reports one message, not every rule after it.
    .min(1, { message, abort: true })
    .refine(isIsoDate, { message: VALIDATION.dateFormat, abort: true });

/** A required ISO 3166 alpha-3 code; an unknown code reads as not chosen. */
export const countryCodeSchema = (message: string = VALIDATION.countryRequired) =>
  z.string({ error: message }).trim().toUpperCase().min(1, message).refine(isCountryCode, message);

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
      country: countryCodeSchema().default(DEFAULT_COUNTRY),
    },
    { error: VALIDATION.valueRequired },
  );
export type AddressInput = z.input<ReturnType<typeof addressFormSchema>>;
export type Address = z.output<ReturnType<typeof addressFormSchema>>;
