import { INT4_MAX, INT4_MIN } from '@tours/domain';
import { STOP_HEADER, type FuzzRequest } from './requests.ts';

/**
 * What kind of hostile value a fuzz request carries, and where: read off the
 * request as sent (the JSON body, the decoded path, the query as the server
 * parses it), not off the generators, so the count says what the server
 * really met. The fuzz prints the tally per file; hostile-values.test.ts
 * checks that every class is generated for every endpoint.
 */

/* eslint-disable no-control-regex -- finding control characters is what these patterns are for */
export const TEXT_CLASSES = {
  NUL: /\u0000/,
  'lone surrogate': /\p{Cs}/u,
  'C0 control': /[\u0001-\u0008\u000b-\u001f]/,
  'tab or line feed': /[\t\n]/,
  DEL: /\u007f/,
  'C1 control': /[\u0080-\u009f]/,
  'astral (surrogate pair, emoji)': /[\u{10000}-\u{10ffff}]/u,
  CJK: /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u,
  'right-to-left': /[\p{Script=Hebrew}\p{Script=Arabic}]/u,
  'combining mark': /\p{M}/u,
  'format character': /\p{Cf}/u,
} as const;
/* eslint-enable no-control-regex */

export const NUMBER_CLASSES = {
  'int4 max (2^31-1)': (n: number) => n === INT4_MAX,
  'int4 min (-2^31)': (n: number) => n === INT4_MIN,
  'past int4 (2^31..2^53)': (n: number) => n > INT4_MAX && n < 2 ** 53,
  'below int4 (-2^53..-2^31-1)': (n: number) => n < INT4_MIN && n > -(2 ** 53),
  '64-bit (|n| >= 2^53)': (n: number) => Math.abs(n) >= 2 ** 53,
  fraction: (n: number) => Number.isFinite(n) && !Number.isInteger(n),
} as const;

/** Strings that read as a number to a careless parser but are not a whole number we store. */
const NAN_ISH = /^\s*([+-]?(NaN|Infinity)|[+-]?\d+(\.\d+)?e[+-]?\d+|0[xbo][\da-f]+|[+-]0|\+\d+|\s+\d+|\d+\s+|[\u0660-\u0669\uff10-\uff19]+)\s*$/i;

export type ValueClass = keyof typeof TEXT_CLASSES | keyof typeof NUMBER_CLASSES | 'NaN-ish string';
export type Where = 'body' | 'path' | 'query';

/** The classes of one string, as text and, where it is written as a number (a path or query value), as that number. */
export function classesOfText(text: string, numeric = false): ValueClass[] {
  const found: ValueClass[] = (Object.keys(TEXT_CLASSES) as (keyof typeof TEXT_CLASSES)[]).filter((name) => TEXT_CLASSES[name].test(text));
  if (NAN_ISH.test(text)) found.push('NaN-ish string');
  if (numeric && /^-?\d+(\.\d+)?$/.test(text)) found.push(...classesOfNumber(Number(text)));
  return found;
}

export function classesOfNumber(n: number): ValueClass[] {
  return (Object.keys(NUMBER_CLASSES) as (keyof typeof NUMBER_CLASSES)[]).filter((name) => NUMBER_CLASSES[name](n));
}

/** Every class anywhere in a JSON value, keys included; walked without recursion, since the fuzz sends bodies nested 100,000 deep. */
export function classesOfValue(root: unknown, found = new Set<ValueClass>()): Set<ValueClass> {
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value === 'string') for (const name of classesOfText(value)) found.add(name);
    else if (typeof value === 'number') for (const name of classesOfNumber(value)) found.add(name);
    else if (Array.isArray(value)) stack.push(...value);
    else if (value && typeof value === 'object') for (const [key, item] of Object.entries(value)) stack.push(key, item);
  }
  return found;
}

/** A lone surrogate written as the three bytes UTF-8 would give it (WTF-8): no UTF-8 decoder reads it back. */
const ENCODED_SURROGATE = /%ED%[AB][\dA-F]%[89AB][\dA-F]/i;

/** One path segment or query value as the server reads it: decoded, or as sent where it does not decode. */
function classesOfUrlPart(raw: string): ValueClass[] {
  let decoded = raw;
  try {
    decoded = decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    // The router refuses it (a 400) or the query parser keeps it as sent; a lone surrogate is still what was meant.
  }
  const found = classesOfText(decoded, true);
  if (ENCODED_SURROGATE.test(raw)) found.push('lone surrogate');
  return found;
}

/** Where each hostile class sits in a request. */
export function classesOfRequest(request: Pick<FuzzRequest, 'url' | 'payload'>): Set<`${Where}: ${ValueClass}`> {
  const found = new Set<`${Where}: ${ValueClass}`>();
  const [path = '', query = ''] = request.url.split(/\?(.*)/s);
  for (const segment of path.split('/')) for (const name of classesOfUrlPart(segment)) found.add(`path: ${name}`);
  for (const pair of query.split('&')) {
    const [key = '', value = ''] = pair.split(/=(.*)/s);
    for (const name of [...classesOfUrlPart(key), ...classesOfUrlPart(value)]) found.add(`query: ${name}`);
  }
  if (request.payload !== undefined) {
    let body: unknown;
    try {
      body = JSON.parse(request.payload);
    } catch {
      body = request.payload;
    }
    for (const name of classesOfValue(body)) found.add(`body: ${name}`);
  }
  return found;
}

/** Requests sent with each class in this process (one test file), and how many of them went without the stop, on to the handler. */
export const valueClassTally: Record<string, { sent: number; toHandler: number }> = {};

export function countValueClasses(request: Pick<FuzzRequest, 'url' | 'payload' | 'headers'>): void {
  const toHandler = request.headers[STOP_HEADER] === undefined;
  for (const name of classesOfRequest(request)) {
    const count = (valueClassTally[name] ??= { sent: 0, toHandler: 0 });
    count.sent += 1;
    if (toHandler) count.toHandler += 1;
  }
}

/** The tally as one line, by where and class: 'body: NUL 56 (23 to the handler)'. */
export const valueClassReport = (): string =>
  Object.entries(valueClassTally)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, { sent, toHandler }]) => `${name} ${sent} (${toHandler} to the handler)`)
    .join('; ');
