import { z } from 'zod/mini';
import { readJson, removeItem, writeJson } from '../../lib/storage.ts';
import { CONSOLE_STORAGE_KEYS } from './storage-keys.ts';

/**
 * Where a sign-in returns to: the console page the member was on when their
 * session ended, or a deep link opened without a session. Kept in session
 * storage, since the sign-in leaves the page for the identity provider.
 * Console paths only (relative to /admin), so a tampered value sends nobody away.
 */
const consolePath = z.string().check(z.regex(/^\/(?!\/)/), z.refine((path) => !path.startsWith('/sign-in') && !path.startsWith('/signed-')));

export function rememberReturnTo(path: string): void {
  if (consolePath.safeParse(path).success) writeJson(CONSOLE_STORAGE_KEYS.returnTo, path);
}

/** The remembered page, forgotten as it is read; home when there is none. */
export function takeReturnTo(): string {
  const parsed = consolePath.safeParse(readJson(CONSOLE_STORAGE_KEYS.returnTo));
  removeItem(CONSOLE_STORAGE_KEYS.returnTo);
  return parsed.success ? parsed.data : '/';
}
