import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import {
  CLEARED_AT_LOGOUT,
  clearPersistedStores,
  persistOptions,
  readItem,
  readJson,
  readPersistedState,
  registerPersistedStore,
  removeItem,
  restoreState,
  STORAGE_KEYS,
  writeItem,
  writeJson,
} from './storage.ts';

const entry = STORAGE_KEYS.booking;

describe('guarded storage access', () => {
  it('reads and writes the area each key belongs to', () => {
    expect(writeItem(STORAGE_KEYS.product, 'p')).toBe(true);
    expect(writeItem(STORAGE_KEYS.booking, 'b')).toBe(true);
    expect(window.localStorage.getItem(STORAGE_KEYS.product.key)).toBe('p');
    expect(window.sessionStorage.getItem(STORAGE_KEYS.booking.key)).toBe('b');
    removeItem(STORAGE_KEYS.booking);
    expect(readItem(STORAGE_KEYS.booking)).toBeNull();
  });

  it('keeps every key unique and session/local as the spec says', () => {
    const keys = Object.values(STORAGE_KEYS).map((item) => item.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(STORAGE_KEYS.accountSession.area).toBe('session');
    expect(STORAGE_KEYS.booking.area).toBe('session');
    expect(STORAGE_KEYS.payment.area).toBe('session');
    expect(STORAGE_KEYS.product.area).toBe('local');
    expect(STORAGE_KEYS.passengers.area).toBe('local');
  });

  it('survives a browser where touching storage throws', () => {
    const blocked = vi.spyOn(window, 'sessionStorage', 'get').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(readItem(entry)).toBeNull();
    expect(writeItem(entry, 'x')).toBe(false);
    expect(() => removeItem(entry)).not.toThrow();
    blocked.mockRestore();
  });

  it('reports a full quota instead of throwing', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(writeItem(entry, 'x')).toBe(false);
    expect(warn).toHaveBeenCalled();
  });

  it('treats corrupted JSON as absent', () => {
    window.sessionStorage.setItem(entry.key, '{"state":');
    expect(readJson(entry)).toBeNull();
  });
});

const schema = z.object({ step: z.number().int().min(1).max(5), currency: z.enum(['GBP', 'USD', 'AUD']), note: z.string() });
const defaults = { step: 1, currency: 'GBP' as const, note: '' };

describe('restoreState', () => {
  it('merges stored values over the defaults', () => {
    expect(restoreState(schema, defaults, { step: 3, currency: 'USD' })).toEqual({ step: 3, currency: 'USD', note: '' });
  });

  it('drops each invalid field on its own and ignores unknown ones', () => {
    expect(restoreState(schema, defaults, { step: 9, currency: 'USD', note: 42, hacked: true })).toEqual({
      step: 1,
      currency: 'USD',
      note: '',
    });
  });

  it('falls back to the defaults for anything that is not an object', () => {
    for (const stored of [null, undefined, 'text', 7, ['step']]) expect(restoreState(schema, defaults, stored)).toEqual(defaults);
  });
});

describe('persistOptions with a zustand store', () => {
  const makeStore = () =>
    create<{ step: number; currency: 'GBP' | 'USD' | 'AUD'; note: string; loading: boolean; next: () => void }>()(
      persist(
        (set) => ({ ...defaults, loading: false, next: () => set((state) => ({ step: state.step + 1 })) }),
        persistOptions(entry, schema),
      ),
    );

  it('writes only the schema keys and restores them validated', () => {
    const store = makeStore();
    store.getState().next();
    store.setState({ loading: true });
    const saved = JSON.parse(window.sessionStorage.getItem(entry.key) ?? 'null') as { state: Record<string, unknown> };
    expect(saved.state).toEqual({ step: 2, currency: 'GBP', note: '' });

    window.sessionStorage.setItem(entry.key, JSON.stringify({ state: { step: 4, currency: 'EUR', note: 'hi' }, version: 0 }));
    const restored = makeStore().getState();
    expect(restored).toMatchObject({ step: 4, currency: 'GBP', note: 'hi', loading: false });
    expect(typeof restored.next).toBe('function');
  });

  it('starts from the defaults when the stored value is garbage', () => {
    window.sessionStorage.setItem(entry.key, 'not json');
    expect(makeStore().getState()).toMatchObject(defaults);
  });

  it('lets other code read a validated slice of a persisted store', () => {
    window.sessionStorage.setItem(entry.key, JSON.stringify({ state: { step: 'two', note: 'kept' }, version: 0 }));
    expect(readPersistedState(entry, schema)).toEqual({ note: 'kept' });
    window.sessionStorage.setItem(entry.key, JSON.stringify({ nostate: true }));
    expect(readPersistedState(entry, schema)).toBeNull();
  });
});

describe('clearing at logout', () => {
  const entries = () => CLEARED_AT_LOGOUT.map((name) => STORAGE_KEYS[name]);

  it('clears the account session, booking, payment, product and passenger stores, and leaves the region', () => {
    expect([...CLEARED_AT_LOGOUT].sort()).toEqual(['accountPayment', 'accountSession', 'booking', 'notificationsShown', 'passengers', 'payment', 'product']);
    for (const item of entries()) writeJson(item, { version: 0, state: { some: 'thing' } });
    writeJson(STORAGE_KEYS.region, { version: 0, state: { region: 'US' } });
    clearPersistedStores();
    for (const item of entries()) expect(readItem(item)).toBeNull();
    expect(readJson(STORAGE_KEYS.region)).toEqual({ version: 0, state: { region: 'US' } });
  });

  it("returns the account session to its initial values, keeping only the saved booking's URL for 'continue booking'", () => {
    writeJson(STORAGE_KEYS.accountSession, {
      version: 2,
      state: { isAuth: true, accessToken: 'at', bookingTab: 2, locationWhenAuthenticating: '/account', bookingURL: '/book?tour=X&departure=2027-01-01' },
    });
    clearPersistedStores();
    expect(readJson(STORAGE_KEYS.accountSession)).toEqual({ version: 2, state: { bookingURL: '/book?tour=X&departure=2027-01-01' } });
  });

  it('resets the stores in memory too, so their next change cannot write the old state back', () => {
    const schema = z.object({ who: z.string() });
    const store = create<{ who: string; set: (who: string) => void; reset: () => void }>()(
      persist((set) => ({ who: '', set: (who) => set({ who }), reset: () => set({ who: '' }) }), persistOptions(STORAGE_KEYS.product, schema)),
    );
    const unregister = registerPersistedStore(STORAGE_KEYS.product, () => store.getState().reset());
    store.getState().set('Margaret');
    clearPersistedStores();
    expect(store.getState().who).toBe('');
    expect(readItem(STORAGE_KEYS.product)).toBeNull();
    unregister();
  });

  it('clears the rest when one store fails to reset, and works without storage', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const unregister = registerPersistedStore(STORAGE_KEYS.booking, () => {
      throw new Error('broken');
    });
    writeJson(STORAGE_KEYS.payment, { version: 0, state: {} });
    expect(() => clearPersistedStores()).not.toThrow();
    expect(readItem(STORAGE_KEYS.payment)).toBeNull();
    unregister();

    const blocked = vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(() => clearPersistedStores()).not.toThrow();
    blocked.mockRestore();
  });
});

describe('the one owner of browser storage', () => {
  const sources = import.meta.glob(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../test/**'], { query: '?raw', import: 'default', eager: true });

  it('is the only module of the app that touches sessionStorage or localStorage', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(50);
    const touching = Object.entries(sources)
      .filter(([, text]) => /\b(sessionStorage|localStorage)\b/.test(String(text)))
      .map(([path]) => path);
    expect(touching).toEqual(['./storage.ts']);
  });
});
