import { beforeEach, describe, expect, it } from 'vitest';
import { useAccountSession } from './auth/account-session.ts';
import { clearBookingUrl, saveBookingUrl } from './saved-booking-url.ts';
import { readJson, STORAGE_KEYS } from './storage.ts';

const storedState = () => (readJson(STORAGE_KEYS.accountSession) as { state: Record<string, unknown> } | null)?.state;

describe('saved booking URL', () => {
  beforeEach(() => {
    sessionStorage.clear();
    useAccountSession.getState().reset();
    useAccountSession.getState().setBookingUrl(null);
  });

  it('saves the URL into the account session and keeps its other keys', () => {
    useAccountSession.getState().setBookingTab(2);
    saveBookingUrl('/book?tour=MHW-VIE&departure=2027-02-01');
    expect(storedState()).toMatchObject({ bookingTab: 2, bookingURL: '/book?tour=MHW-VIE&departure=2027-02-01' });
    expect(useAccountSession.getState().bookingURL).toBe('/book?tour=MHW-VIE&departure=2027-02-01');
  });

  it('clears it once the booking is bought, keeping the rest', () => {
    useAccountSession.getState().setBookingTab(1);
    saveBookingUrl('/book?tour=LD-GRE&departure=2027-01-05');
    clearBookingUrl();
    expect(storedState()).toMatchObject({ bookingTab: 1, bookingURL: null });
    clearBookingUrl();
    expect(storedState()?.bookingURL).toBeNull();
  });
});
