import { describe, expect, it } from 'vitest';
import { BOOKING_TOKEN_TIMEOUT_SECONDS, DELAYS_MS, PURCHASE_TIMEOUT_SECONDS, UNCONFIRMED_TIMEOUT_SECONDS } from './timing.ts';

describe('timing constants', () => {
  it('holds the session time-outs of spec section 4', () => {
    expect([BOOKING_TOKEN_TIMEOUT_SECONDS, UNCONFIRMED_TIMEOUT_SECONDS, PURCHASE_TIMEOUT_SECONDS]).toEqual([3600, 90, 90]);
  });

  it('holds the delays of spec section 9', () => {
    expect(DELAYS_MS).toEqual({
      paymentFieldsEnable: 3000,
      paymentFormInit: 500,
      paymentTokenRequest: 2000,
      roomExtrasLoader: 500,
      accountListLoad: 1000,
      billingValidation: 100,
      headerPlaceholder: 1500,
      logoutAfterSignInFailure: 3000,
    });
  });
});
