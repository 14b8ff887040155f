import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { removeItem, STORAGE_KEYS, writeJson } from '../../lib/storage.ts';
import { persistedActiveBooking, useBookingInProgress } from './booking-status.ts';

const envelope = (activeBooking: unknown) => ({ state: { step: '1', activeBooking }, version: 0 });
const inAnHour = () => Date.now() + 3_600_000;

describe('the booking in progress, read without the booking flow', () => {
  it('is read from what the booking store persisted, on a page that never loads the store', () => {
    window.sessionStorage.setItem(STORAGE_KEYS.booking.key, JSON.stringify(envelope({ id: 7, token: 't', expiresAt: inAnHour() })));
    const { result } = renderHook(() => useBookingInProgress());
    expect(result.current).toBe(true);
  });

  it('follows each write of the store and the logout, as they happen', () => {
    const { result } = renderHook(() => useBookingInProgress());
    expect(result.current).toBe(false);
    act(() => void writeJson(STORAGE_KEYS.booking, envelope({ id: 7, token: 't', expiresAt: inAnHour() })));
    expect(result.current).toBe(true);
    act(() => removeItem(STORAGE_KEYS.booking));
    expect(result.current).toBe(false);
  });

  it('ignores an expired session and anything the store itself would refuse', () => {
    expect(persistedActiveBooking(envelope({ id: 7, token: 't', expiresAt: inAnHour() }))).toEqual({ id: 7, token: 't', expiresAt: expect.any(Number) });
    for (const tampered of [null, { id: 0, token: 't', expiresAt: 1 }, { id: 7, token: '', expiresAt: 1 }, { id: 7.5, token: 't', expiresAt: 1 }, 'x']) {
      expect(persistedActiveBooking(envelope(tampered))).toBeNull();
    }
    expect(persistedActiveBooking('not an envelope')).toBeNull();
    window.sessionStorage.setItem(STORAGE_KEYS.booking.key, JSON.stringify(envelope({ id: 7, token: 't', expiresAt: Date.now() - 1000 })));
    const { result } = renderHook(() => useBookingInProgress());
    expect(result.current).toBe(false);
  });
});
