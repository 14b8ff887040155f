import { z } from 'zod/mini';
import { numberRangeMessage, VALIDATION } from './messages.ts';

/**
 * The text and whole numbers any call may carry to the database, in one
 * place, so that PostgreSQL never refuses what our validation let through
 * (a 500 where a 400 was due) and the browser's forms refuse the same:
 * - text holds no control character (a single line none at all; a
 *   multi-line field keeps its line breaks and tabs) and no half of a
 *   UTF-16 surrogate pair. PostgreSQL stores no NUL in text (22021) and
 *   refuses a lone surrogate written as JSON (22P02); the other control
 *   characters are never typed, only pasted or forged, and would upset every
 *   place that shows or prints the text. Accents, emoji (a whole pair), CJK,
 *   right-to-left text and its direction marks are all ordinary text.
 * - whole numbers fit the 32-bit `integer` columns they are compared with or
 *   stored in (ids, marketing sources, prices in minor units).
 * Every string and number of a contract's params, query and body is built
 * here (contracts/input-rules.test.ts walks them all).
 */

/** PostgreSQL's `integer` (int4): every id and count column of the reservations system. */
export const INT4_MIN = -(2 ** 31);
export const INT4_MAX = 2 ** 31 - 1;

// With the u flag, a well-formed surrogate pair is one code point (an emoji), so \p{Cs} finds only a lone half.
const LONE_SURROGATE = /\p{Cs}/u;
const CONTROL = /\p{Cc}/u;
const CONTROL_BUT_TAB_OR_NEWLINE = /(?![\t\n])\p{Cc}/u;

/** Whether the text has half of a surrogate pair without the other: no character at all, which no keyboard makes. */
export const hasLoneSurrogate = (text: string): boolean => LONE_SURROGATE.test(text);

/** Whether the text has a control character (U+0000-U+001F, U+007F-U+009F); `lines` lets tab and line feed through. */
export const hasControlCharacter = (text: string, lines = false): boolean => (lines ? CONTROL_BUT_TAB_OR_NEWLINE : CONTROL).test(text);

/**
 * Whether PostgreSQL can store the text and a person could have typed it: no
 * lone surrogate, no control character (bar tab and line feed where `lines`).
 * For the API's own parameters outside the contracts (the sandbox providers'
 * ids), which take it as a refinement.
 */
export const isStorableText = (text: string, lines = false): boolean => !hasLoneSurrogate(text) && !hasControlCharacter(text, lines);

/** Windows and old Mac line breaks as '\n', so a multi-line field stores one kind and refuses no line break. */
export const normaliseLineBreaks = (text: string): string => text.replace(/\r\n?/g, '\n');

/**
 * The check every text field ends with: no control character (bar tab and
 * line feed where `lines`), no lone surrogate. It aborts, so the field shows
 * this message rather than a rule after it.
 */
export const readableText = (lines = false) =>
  z.superRefine((value: string, ctx) => {
    const message = hasLoneSurrogate(value) ? VALIDATION.unreadableCharacters : hasControlCharacter(value, lines) ? VALIDATION.controlCharacters : null;
    if (message) ctx.addIssue({ code: 'custom', message, input: value, continue: false });
  });

export interface TextOptions {
  /** Most characters allowed, counted after trimming. */
  max: number;
  /** The message for an empty value (after trimming); without one, '' is accepted. */
  required?: string;
  /** The message past `max`; zod's own by default. */
  maxMessage?: string;
  /** A multi-line field (a textarea): line breaks and tabs are kept, '\r\n' stored as '\n'. */
  lines?: boolean;
  /** Trimmed (the default), or taken exactly as sent: tokens and ids another system made. */
  trim?: boolean;
}

/** The checks of a text field, for a schema that adds its own before them (e.g. stripping HTML). */
export function textChecks({ max, required, maxMessage, lines = false, trim = true }: TextOptions) {
  return [
    ...(lines ? [z.overwrite(normaliseLineBreaks)] : []),
    ...(trim ? [z.trim()] : []),
    readableText(lines),
    ...(required === undefined ? [] : [z.minLength(1, required)]),
    z.maxLength(max, maxMessage),
  ];
}

/** A text field of a contract: a line, or lines where `lines` (see TextOptions). */
export const text = (options: TextOptions, error?: string) => z.string(error === undefined ? undefined : { error }).check(...textChecks(options));

interface WholeNumberOptions {
  min?: number;
  max?: number;
  /** One message for every way the number can be wrong (not a number, not whole, out of range); otherwise zod's and the range's. */
  message?: string;
  /** Messages of their own for a fraction, a number below `min`, a number above `max`. */
  wholeMessage?: string;
  minMessage?: string;
  maxMessage?: string;
}

function wholeNumberChecks({ min = INT4_MIN, max = INT4_MAX, message, wholeMessage, minMessage, maxMessage }: WholeNumberOptions) {
  if (min < INT4_MIN || max > INT4_MAX) throw new RangeError(`A whole number's range must fit PostgreSQL's integer: ${min}..${max}`);
  const range = message ?? numberRangeMessage(min, max);
  return [z.int(wholeMessage ?? message), z.minimum(min, minMessage ?? range), z.maximum(max, maxMessage ?? range)];
}

/** A whole number of a JSON body that fits an `integer` column (at most INT4_MIN..INT4_MAX). */
export const wholeNumber = (options: WholeNumberOptions = {}) =>
  z.number(options.message === undefined ? undefined : { error: options.message }).check(...wholeNumberChecks(options));

/** A whole number of a path or query string, which arrive as text: '12' is 12. */
export const wholeNumberParam = (options: WholeNumberOptions = {}) =>
  z.coerce.number(options.message === undefined ? undefined : { error: options.message }).check(...wholeNumberChecks(options));

/** A reference to a row (booking, passenger, departure, component...): a positive `integer`. */
export const positiveId = (message?: string) => wholeNumber({ min: 1, ...(message === undefined ? {} : { message }) });

/** A row's id in a path: ids are positive integers in every table of the reservations system. */
export const idSchema = wholeNumberParam({ min: 1 });
