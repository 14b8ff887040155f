import type { StorageEntry } from '../../lib/storage.ts';

/**
 * Every browser-storage key of the staff console, in one place (the site's
 * are lib/storage.ts's STORAGE_KEYS; the console's stay here so the
 * customers' bundle does not change for them). All live for the tab only:
 * a closed tab is a signed-out console.
 */
export const CONSOLE_STORAGE_KEYS = {
  /** The staff session: its token and who it is for (GET /api/staff/me). */
  session: { area: 'session', key: 'tours.console.session' },
  /** The page to go back to once signed in (the session ended on it, or a deep link). */
  returnTo: { area: 'session', key: 'tours.console.return-to' },
  /** Set just before the provider's logout, so the page it sends us back to can say 'You have signed out'. */
  signedOut: { area: 'session', key: 'tours.console.signed-out' },
} as const satisfies Record<string, StorageEntry>;

/** The OpenID Connect client's own keys for the console, apart from the site's (tours.oidc.*). */
export const CONSOLE_OIDC_PREFIXES = {
  user: 'tours.console.oidc.user.',
  state: 'tours.console.oidc.state.',
} as const;
