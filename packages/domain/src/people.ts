/**
 * How a person is named wherever the site or its documents name one: a
 * passenger, a customer, a speaker, a travel agent's client (spec section 2:
 * 'title, forename, surname'). The one rule, so an e-mail, a PDF and a page
 * never write the same person two ways.
 */
export interface PersonName {
  /** 'Mr', 'Dr', 'Professor'; empty or absent when none was given. */
  title?: string | null;
  forename: string;
  surname: string;
}

/**
 * 'Dr Helena Marsh': title, forename and surname, each trimmed, the ones left
 * empty (no title, a name of blanks) dropped, joined by single spaces.
 */
export function formatPersonName({ title, forename, surname }: PersonName): string {
  return [title, forename, surname]
    .map((part) => (part ?? '').trim())
    .filter((part) => part !== '')
    .join(' ');
}
