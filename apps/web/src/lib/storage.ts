import type { z } from 'zod';
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
  region: { area: 'session', key: 'tours.region' },
} as const satisfies Record<string, StorageEntry>;

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

export function removeItem(entry: StorageEntry): void {
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
  return writeItem(entry, JSON.stringify(value));
}

type AnyObjectSchema = z.ZodObject<z.ZodRawShape>;

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
  for (const [key, fieldSchema] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
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
  for (const [key, fieldSchema] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
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
