import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { persistOptions, readItem, readJson, readPersistedState, removeItem, restoreState, STORAGE_KEYS, writeItem } from './storage.ts';

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
