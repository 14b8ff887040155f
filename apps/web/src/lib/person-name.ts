/**
 * A person's name as the site prints it (spec section 2: title, forename,
 * surname): the parts a record has, trimmed, in that order, one space apart.
 * 'Dr Helena Marsh' for a speaker or a traveller with a title, 'Dora Demo'
 * without one. The booking flow, the catalogue and the account area all
 * print names through it.
 */
export function personName(...parts: readonly (string | null | undefined)[]): string {
  return parts
    .map((part) => part?.trim() ?? '')
    .filter((part) => part !== '')
    .join(' ');
}
