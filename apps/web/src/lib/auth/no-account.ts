import { readItem, removeItem, STORAGE_KEYS, writeItem } from '../storage.ts';

/**
 * 'No account found' (spec section 8) is a toast of 3 s, after which the
 * provider's logout reloads the site (spec section 4, Sign-in). So that the
 * visitor still knows what happened and what to do, the address they signed
 * in with is kept for the tab across that reload, and Home names it until
 * they try again (issue 25).
 */

/** The address the provider signed the visitor in with, when it has none with us. */
export function rememberNoAccount(email: string | null): void {
  const address = email?.trim() ?? '';
  if (address === '') removeItem(STORAGE_KEYS.noAccountFor);
  else writeItem(STORAGE_KEYS.noAccountFor, address);
}

/** The address of the last sign-in that found no account, if the visitor has not tried again since. */
export function readNoAccount(): string | null {
  const address = readItem(STORAGE_KEYS.noAccountFor)?.trim() ?? '';
  return address !== '' ? address : null;
}

/** A new sign-in begins: the old failure is no longer news. */
export function forgetNoAccount(): void {
  if (readItem(STORAGE_KEYS.noAccountFor) !== null) removeItem(STORAGE_KEYS.noAccountFor);
}
