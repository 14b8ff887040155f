import { describe, expect, it } from 'vitest';
import { signInForTest } from '../../test/auth.ts';
import { authorizationHeaders, BOOKING_TOKEN_HEADER } from '../api-client.ts';

describe('authorizationHeaders (spec section 7: a bearer token whenever one exists)', () => {
  it('signed out: the booking token in Authorization on booking calls, nothing on open calls', () => {
    expect(authorizationHeaders({ auth: 'booking' }, 'booking-token')).toEqual({ Authorization: 'Bearer booking-token' });
    expect(authorizationHeaders({ auth: 'none' }, undefined)).toEqual({});
  });

  it("signed in: the customer's token in Authorization and the booking's in X-Booking-Token", () => {
    signInForTest();
    expect(authorizationHeaders({ auth: 'booking' }, 'booking-token')).toEqual({
      Authorization: 'Bearer access.token.demo',
      [BOOKING_TOKEN_HEADER]: 'booking-token',
    });
    // Starting a booking while signed in makes it the customer's.
    expect(authorizationHeaders({ auth: 'none' }, 'old-booking-token')).toEqual({ Authorization: 'Bearer access.token.demo' });
    expect(authorizationHeaders({ auth: 'customer' }, undefined)).toEqual({ Authorization: 'Bearer access.token.demo' });
  });

  it("a customer call's own token wins (the profile call of a sign-in under way)", () => {
    signInForTest();
    expect(authorizationHeaders({ auth: 'customer' }, 'fresh')).toEqual({ Authorization: 'Bearer fresh' });
  });
});
