/**
 * A LIKE pattern matching `text` anywhere, its own signs (backslash, % and _)
 * taken literally: what staff type into a search is text, never a wildcard.
 */
export const containing = (text: string): string => `%${text.replace(/[\\%_]/g, (sign) => `\\${sign}`)}%`;
