/**
 * Text helpers shared by forms, the API and option matching.
 */

const SCRIPT_OR_STYLE = /<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;
const COMMENT = /<!--[\s\S]*?-->/g;
// Only things that look like tags: '<' followed by a letter, '/' or '!'. A bare
// '<' as in '2 < 3' is ordinary text and must survive.
const TAG = /<\/?[A-Za-z!][^<>]*>/g;

/**
 * Removes HTML tags from free text (spec section 5). Script and style bodies go
 * with their tags, since their content was never meant as text. Entities are
 * left encoded: decoding '&lt;b&gt;' would only recreate a tag.
 */
export function stripHtml(text: string): string {
  // Repeated until nothing changes: one pass over '<<b>script>' leaves '<script>'.
  let previous: string;
  let current = text;
  do {
    previous = current;
    current = previous.replace(SCRIPT_OR_STYLE, '').replace(COMMENT, '').replace(TAG, '');
  } while (current !== previous);
  return current;
}

const COMBINING_MARKS = /[\u0300-\u036f]/g;

/**
 * Accent- and case-insensitive form of a name: NFD splits 'é' into 'e' plus a
 * combining accent, which is then dropped. Whitespace is collapsed because
 * names typed into the reservations system often carry stray spaces.
 */
export function foldName(name: string): string {
  return name.normalize('NFD').replace(COMBINING_MARKS, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** 'Hôtel Le Meurice' matches 'hotel le meurice'. */
export function namesMatch(a: string, b: string): boolean {
  return foldName(a) === foldName(b);
}

/** Whether `text` mentions `name`, ignoring accents and case; an empty name matches nothing. */
export function nameIncludes(text: string, name: string): boolean {
  const needle = foldName(name);
  return needle !== '' && foldName(text).includes(needle);
}

/**
 * The one home for singular and plural in what the site says: `one` for a
 * count of exactly 1, `many` for any other ('1 tour matches your choices',
 * '3 tours match your choices', '0 tours').
 */
export const forCount = (count: number, one: string, many: string): string => (count === 1 ? one : many);

/** A count with its noun: '1 tour', '3 tours'; irregular plurals are given ('1 person', '2 people'). */
export const countOf = (count: number, one: string, many = `${one}s`): string => `${count} ${forCount(count, one, many)}`;
