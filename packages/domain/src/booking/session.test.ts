import { describe, expect, it } from 'vitest';
import { hasActiveBooking, SESSION_STATUS, sessionExpiry, sessionStatus } from './session.ts';

const active = { booking: { id: 42 }, token: { token: 'abc' } };
const now = new Date('2027-05-01T10:00:00Z');

describe('session status', () => {
  it("is 'Active Session' with an active booking and a future expiry", () => {
    expect(sessionStatus(active, sessionExpiry(now), now)).toBe('Active Session');
    expect(sessionStatus(active, '2027-05-01T10:00:01Z', now)).toBe(SESSION_STATUS.active);
  });

  it("is 'Inactive Session' once the expiry is reached", () => {
    expect(sessionStatus(active, now.getTime(), now)).toBe('Inactive Session');
    expect(sessionStatus(active, now.getTime() - 1, now)).toBe(SESSION_STATUS.inactive);
  });

  it("is 'Inactive Session' without a booking id, a token or an expiry", () => {
    expect(sessionStatus({ booking: { id: 42 } }, sessionExpiry(now), now)).toBe('Inactive Session');
    expect(sessionStatus({ token: { token: 'abc' } }, sessionExpiry(now), now)).toBe('Inactive Session');
    expect(sessionStatus(null, sessionExpiry(now), now)).toBe('Inactive Session');
    expect(sessionStatus(active, null, now)).toBe('Inactive Session');
    expect(sessionStatus(active, 'garbage', now)).toBe('Inactive Session');
  });

  it('knows an active booking by its id and token', () => {
    expect(hasActiveBooking(active)).toBe(true);
    expect(hasActiveBooking({ booking: { id: 42 }, token: { token: '' } })).toBe(false);
    expect(hasActiveBooking(undefined)).toBe(false);
  });
});

describe('sessionExpiry', () => {
  it('is now plus the time-out, 3600 seconds by default', () => {
    expect(sessionExpiry(now)).toBe(now.getTime() + 3_600_000);
    expect(sessionExpiry(now.getTime(), 90)).toBe(now.getTime() + 90_000);
  });
});
