import { beforeEach, describe, expect, it } from 'vitest';
import { clearBookingUrl, saveBookingUrl } from './saved-booking-url.ts';
import { readJson, STORAGE_KEYS, writeJson } from './storage.ts';

describe('saved booking URL', () => {
  beforeEach(() => sessionStorage.clear());

  it('saves the URL into the account session and keeps its other keys', () => {
    writeJson(STORAGE_KEYS.accountSession, { version: 0, state: { bookingTab: 2 } });
    saveBookingUrl('/book?tour=MHW-VIE&departure=2027-02-01');
    expect(readJson(STORAGE_KEYS.accountSession)).toEqual({
      version: 0,
      state: { bookingTab: 2, bookingURL: '/book?tour=MHW-VIE&departure=2027-02-01' },
    });
  });

  it('clears it once the booking is bought, keeping the rest', () => {
    saveBookingUrl('/book?tour=LD-GRE&departure=2027-01-05');
    writeJson(STORAGE_KEYS.accountSession, { ...(readJson(STORAGE_KEYS.accountSession) as object), extra: true });
    clearBookingUrl();
    const stored = readJson(STORAGE_KEYS.accountSession) as { state: Record<string, unknown> };
    expect(stored.state).toEqual({});
    clearBookingUrl();
    expect((readJson(STORAGE_KEYS.accountSession) as { state: Record<string, unknown> }).state).toEqual({});
  });
});
