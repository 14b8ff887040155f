import { describe, expect, it } from 'vitest';
import { RATE_LIMIT_MESSAGES, retryInWords } from './rate-limit-messages.ts';

describe('retryInWords', () => {
  it('says when to try again, rounded up, or later when the wait is unknown', () => {
    expect(retryInWords(30)).toBe('in 30 seconds');
    expect(retryInWords(61)).toBe('in 2 minutes');
    expect(retryInWords(900)).toBe('in 15 minutes');
    expect(retryInWords(null)).toBe('later');
    expect(retryInWords(0)).toBe('later');
  });
});

describe('the rate-limit refusals', () => {
  it('each say what was done too often and when to try again', () => {
    for (const [name, refusal] of Object.entries(RATE_LIMIT_MESSAGES)) {
      const message = refusal('in 7 minutes');
      expect(message, name).toMatch(/^Too many /);
      expect(message, name).toContain('try again in 7 minutes');
      expect(message, name).toMatch(/\.$/);
    }
  });

  it('keep the agent verification wording, and word the new limits alike', () => {
    expect(RATE_LIMIT_MESSAGES.agentVerifyClient('in 10 minutes')).toBe(
      'Too many attempts to verify travel agent details. Please check the Agent ID and staff email, and try again in 10 minutes.',
    );
    expect(RATE_LIMIT_MESSAGES.signInCodesToAddress('in 3 minutes')).toBe(
      'Too many sign-in codes have been sent to this e-mail address. Please try again in 3 minutes, or contact us.',
    );
    expect(RATE_LIMIT_MESSAGES.promoForBooking('in 1 minute')).toBe(
      'Too many invalid promotional codes on this booking. Please check the code and try again in 1 minute.',
    );
    expect(RATE_LIMIT_MESSAGES.postcodeLookups('in 45 seconds')).toBe('Too many postcode lookups. Please type the address below, or try again in 45 seconds.');
  });
});
