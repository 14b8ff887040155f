import type { z } from 'zod/mini';
import type { PersistOptions, PersistStorage, StorageValue } from 'zustand/middleware';

/**
 * Every browser-storage key of the site, in one place (spec section 4,
 * Persistence): the account session, booking and payment stores live for the
 * tab (session storage); the product and the passenger list survive a closed
 * tab (local storage). Alerts are never persisted.
 */
export type StorageArea = 'session' | 'local';
export interface StorageEntry {
  area: StorageArea;
  key: string;
}

export const STORAGE_KEYS = {
  accountSession: { area: 'session', key: 'tours.account-session' },
  booking: { area: 'session', key: 'tours.booking' },
  payment: { area: 'session', key: 'tours.payment' },
  accountPayment: { area: 'session', key: 'tours.account-payment' },
  product: { area: 'local', key: 'tours.product' },
  passengers: { area: 'local', key: 'tours.passengers' },
  /** The detected region: not the visitor's data, so logout leaves it. */
  region: { area: 'session', key: 'tours.region' },
  /** The notifications modal opens by itself once per sign-in (features/account/notifications). */
  notificationsShown: { area: 'session', key: 'tours.notifications-shown' },
  /**
   * Ending an agent session while a customer is signed in leaves through the
   * provider's logout: the toast saying so is shown when the site loads again
   * (features/agent/end-agent-session.ts), then the key goes.
   */
  agentSessionEnded: { area: 'session', key: 'tours.agent-session-ended' },
  /**
   * The address a sign-in found no account for: Home names it after the
   * provider's logout has reloaded the site (lib/auth/no-account.ts). Not in
   * the URL, where it would reach logs and the browser's history.
   */
  noAccountFor: { area: 'session', key: 'tours.no-account-for' },
} as const satisfies Record<string, StorageEntry>;
export type StorageKeyName = keyof typeof STORAGE_KEYS;

/**
 * The OpenID Connect client's own keys (lib/auth/user-manager.ts), in session
 * storage: the signed-in user with its tokens, and the state of a sign-in
 * redirect under way. Prefixes, since the library appends its own names.
 */
export const OIDC_STORAGE_PREFIXES = {
  user: 'tours.oidc.user.',
  state: 'tours.oidc.state.',
} as const;

/**
 * The Storage object itself, for a library that keeps its own keys (the
 * OpenID Connect client), or null when the browser refuses storage.
 */
export function usableStorage(area: StorageArea): Storage | null {
  const storage = storageFor(area);
  if (!storage) return null;
  try {
    const probe = 'tours.probe';
    storage.setItem(probe, '1');
    storage.removeItem(probe);
    return storage;
  } catch {
    return null;
  }
}

/** Removes every session-storage key starting with `prefix` (logout drops the provider's user with its tokens). */
export function removeByPrefix(prefix: string, area: StorageArea = 'session'): void {
  try {
    const storage = storageFor(area);
    if (!storage) return;
    const keys: string[] = [];
    for (let index = 0; index < storage.length; index += 1) {
      const key = storage.key(index);
      if (key?.startsWith(prefix)) keys.push(key);
    }
    for (const key of keys) storage.removeItem(key);
  } catch {
    // Nothing stored can be removed either.
  }
}

/**
 * What logout clears (spec section 4, Logout): the auth (account session),
 * payment, product, passenger and booking stores, and the account area's
 * payment. The account session keeps only the saved booking URL: the logout
 * question promises 'click on the continue booking if you wish to book this
 * tour' afterwards (spec section 2, Header), which Home offers from it.
 */
export const CLEARED_AT_LOGOUT: readonly StorageKeyName[] = ['accountSession', 'booking', 'payment', 'accountPayment', 'product', 'passengers', 'notificationsShown'];
const KEPT_AT_LOGOUT: Partial<Record<StorageKeyName, readonly string[]>> = { accountSession: ['bookingURL'] };

/**
 * Merely touching `window.sessionStorage` throws in some browsers (blocked
 * cookies, sandboxed frames), and `setItem` throws when the quota is full.
 * The site must keep working without storage, so every access goes through here.
 */
function storageFor(area: StorageArea): Storage | null {
  try {
    return area === 'session' ? window.sessionStorage : window.localStorage;
  } catch {
    return null;
  }
}

export function readItem(entry: StorageEntry): string | null {
  try {
    return storageFor(entry.area)?.getItem(entry.key) ?? null;
  } catch {
    return null;
  }
}

/** Returns false when the value could not be stored (no storage, quota full). */
export function writeItem(entry: StorageEntry, value: string): boolean {
  try {
    const storage = storageFor(entry.area);
    if (!storage) return false;
    storage.setItem(entry.key, value);
    return true;
  } catch (error) {
    console.warn(`Could not save ${entry.key}`, error);
    return false;
  }
}

/**
 * Listeners to what this page writes under a key, through writeJson (every
 * persisted store's write) or removeItem (logout too), whether or not the
 * browser kept it. Lets the shell follow a store it has not loaded: the
 * header knows a booking is in progress without the booking flow's code
 * (features/booking/booking-status.ts).
 */
const watchers = new Map<string, Set<(value: unknown) => void>>();

function notifyWatchers(key: string, value: unknown): void {
  for (const listener of watchers.get(key) ?? []) listener(value);
}

/** Calls `listener` with each value written under `entry` (null when removed); returns the unsubscription. */
export function watchItem(entry: StorageEntry, listener: (value: unknown) => void): () => void {
  const forKey = watchers.get(entry.key) ?? new Set<(value: unknown) => void>();
  forKey.add(listener);
  watchers.set(entry.key, forKey);
  return () => forKey.delete(listener);
}
export function removeItem(entry: StorageEntry): void {
  notifyWatchers(entry.key, null);
  try {
    storageFor(entry.area)?.removeItem(entry.key);
  } catch {
    // Nothing stored can be removed either; the in-memory state is what counts.
  }
}

export function readJson(entry: StorageEntry): unknown {
  const raw = readItem(entry);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    // A hand-edited or truncated value is treated as absent, never as a crash.
    return null;
  }
}

export function writeJson(entry: StorageEntry, value: unknown): boolean {
  notifyWatchers(entry.key, value);
  return writeItem(entry, JSON.stringify(value));
}

type AnyObjectSchema = z.ZodMiniObject<z.core.$ZodShape>;

/**
 * Restored state is merged over the defaults key by key: each stored value
 * is kept only when it passes its own schema, so one stale or corrupted field
 * (say, after a release changed its shape) falls back to its default instead
 * of discarding the whole session or letting bad data into the app.
 */
export function restoreState<Schema extends AnyObjectSchema>(
  schema: Schema,
  defaults: z.output<Schema>,
  persisted: unknown,
): z.output<Schema> {
  if (typeof persisted !== 'object' || persisted === null || Array.isArray(persisted)) return defaults;
  const stored = persisted as Record<string, unknown>;
  const restored: Record<string, unknown> = { ...defaults };
  for (const [key, fieldSchema] of Object.entries(schema.shape as Record<string, z.ZodMiniType>)) {
    if (!(key in stored)) continue;
    const parsed = fieldSchema.safeParse(stored[key]);
    if (parsed.success) restored[key] = parsed.data;
  }
  return restored as z.output<Schema>;
}

/** Reads the validated state of a store persisted by `persistOptions`, for code that is not that store. */
export function readPersistedState<Schema extends AnyObjectSchema>(
  entry: StorageEntry,
  schema: Schema,
): Partial<z.output<Schema>> | null {
  const stored = readJson(entry);
  if (typeof stored !== 'object' || stored === null || !('state' in stored)) return null;
  const state = (stored as { state: unknown }).state;
  if (typeof state !== 'object' || state === null) return null;
  const result: Record<string, unknown> = {};
  for (const [key, fieldSchema] of Object.entries(schema.shape as Record<string, z.ZodMiniType>)) {
    const parsed = fieldSchema.safeParse((state as Record<string, unknown>)[key]);
    if (parsed.success && parsed.data !== undefined) result[key] = parsed.data;
  }
  return result as Partial<z.output<Schema>>;
}

/** A zustand `PersistStorage` over one storage area whose every access is guarded. */
export function guardedPersistStorage<S>(area: StorageArea): PersistStorage<S> {
  return {
    getItem: (name) => {
      const value = readJson({ area, key: name });
      if (typeof value !== 'object' || value === null || !('state' in value)) return null;
      return value as StorageValue<S>;
    },
    setItem: (name, value) => {
      writeJson({ area, key: name }, value);
    },
    removeItem: (name) => removeItem({ area, key: name }),
  };
}

/**
 * Options for zustand `persist` that every persisted store uses:
 *   persist(creator, persistOptions(STORAGE_KEYS.booking, bookingStateSchema))
 * Only the schema's keys are written (actions and transient flags are not),
 * and on load each stored key is validated and merged over the store's
 * defaults. A version bump keeps whatever still validates rather than
 * throwing the stored state away.
 */
export function persistOptions<S extends object, Schema extends AnyObjectSchema>(
  entry: StorageEntry,
  schema: Schema,
  options: { version?: number } = {},
): PersistOptions<S, Partial<S>> {
  const keys = Object.keys(schema.shape);
  return {
    name: entry.key,
    version: options.version ?? 0,
    storage: guardedPersistStorage<Partial<S>>(entry.area),
    partialize: (state) =>
      Object.fromEntries(keys.filter((key) => key in state).map((key) => [key, state[key as keyof S]])) as Partial<S>,
    migrate: (persistedState) => persistedState as Partial<S>,
    merge: (persistedState, currentState) => {
      const defaults = Object.fromEntries(keys.map((key) => [key, currentState[key as keyof S]])) as z.output<Schema>;
      return { ...currentState, ...restoreState(schema, defaults, persistedState) };
    },
  };
}

/**
 * A persisted store's way back to its defaults in memory. Clearing storage
 * alone would leave the store's state in memory, and its next change would
 * write the old data straight back.
 */
const resets = new Map<string, Set<() => void>>();

/** Called by each persisted store when its module loads; returns the unregistration (for tests). */
export function registerPersistedStore(entry: StorageEntry, reset: () => void): () => void {
  const forKey = resets.get(entry.key) ?? new Set<() => void>();
  forKey.add(reset);
  resets.set(entry.key, forKey);
  return () => forKey.delete(reset);
}

/**
 * Logout and the end of an agent session (spec section 4): every store of
 * CLEARED_AT_LOGOUT back to its defaults, in memory and in storage, whichever
 * of those stores this page has loaded.
 */
export function clearPersistedStores(): void {
  for (const name of CLEARED_AT_LOGOUT) {
    const entry = STORAGE_KEYS[name];
    const kept = keptFields(entry, KEPT_AT_LOGOUT[name] ?? []);
    for (const reset of resets.get(entry.key) ?? []) {
      try {
        reset();
      } catch (error) {
        // One faulty store must not leave the others holding the signed-out visitor's data.
        console.error(`Could not reset ${entry.key}`, error);
      }
    }
    if (kept) writeJson(entry, kept);
    else removeItem(entry);
  }
}

/** The persisted envelope with only `fields` of its state, or null when none of them is stored. */
function keptFields(entry: StorageEntry, fields: readonly string[]): { state: Record<string, unknown>; version: number } | null {
  if (fields.length === 0) return null;
  const stored = readJson(entry);
  if (typeof stored !== 'object' || stored === null || !('state' in stored)) return null;
  const state = (stored as { state: unknown }).state;
  if (typeof state !== 'object' || state === null) return null;
  const kept = Object.fromEntries(fields.filter((field) => field in state).map((field) => [field, (state as Record<string, unknown>)[field]]));
  if (Object.keys(kept).length === 0) return null;
  const version = (stored as { version?: unknown }).version;
  return { state: kept, version: typeof version === 'number' ? version : 0 };
}
