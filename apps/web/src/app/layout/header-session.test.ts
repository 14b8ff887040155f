import { describe, expect, it } from 'vitest';
import { headerLinks, SIGNED_OUT } from './header-session.ts';

describe('headerLinks', () => {
  it('offers Sign in and Travel agents to a signed-out visitor', () => {
    expect(headerLinks(SIGNED_OUT, '/tours')).toEqual({ account: false, logout: false, signIn: true, agentLabel: 'Travel agents' });
  });

  it('offers My account and Log out once signed in', () => {
    expect(headerLinks({ ...SIGNED_OUT, signedIn: true }, '/account')).toEqual({
      account: true,
      logout: true,
      signIn: false,
      agentLabel: null,
    });
  });

  it("shows the agent's name instead of 'Travel agents' and hides Sign in for agent staff", () => {
    expect(headerLinks({ ...SIGNED_OUT, agentName: 'Harbour Travel', agentStaffSet: true }, '/')).toEqual({
      account: false,
      logout: false,
      signIn: false,
      agentLabel: 'Harbour Travel',
    });
  });

  it("keeps the agent's name beside a signed-in customer's links, so the agent session can still be ended", () => {
    expect(headerLinks({ ...SIGNED_OUT, signedIn: true, agentName: 'Harbour Travel', agentStaffSet: true }, '/account')).toEqual({
      account: true,
      logout: true,
      signIn: false,
      agentLabel: 'Harbour Travel',
    });
  });

  it('hides account and sign-in links during a booking, except on home; Log out stays to ask first', () => {
    expect(headerLinks({ ...SIGNED_OUT, bookingActive: true }, '/book').signIn).toBe(false);
    expect(headerLinks({ ...SIGNED_OUT, bookingActive: true }, '/').signIn).toBe(true);
    expect(headerLinks({ ...SIGNED_OUT, signedIn: true, bookingActive: true }, '/book').account).toBe(false);
    expect(headerLinks({ ...SIGNED_OUT, signedIn: true, bookingActive: true }, '/book').logout).toBe(true);
    expect(headerLinks({ ...SIGNED_OUT, signedIn: true, bookingActive: true }, '/').account).toBe(true);
  });
});
