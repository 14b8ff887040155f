import { describe, expect, it } from 'vitest';
import { ALERTS, retryWaitText } from './messages.ts';

describe('retryWaitText', () => {
  it('puts a wait in words, rounded up to the unit people read', () => {
    expect(retryWaitText(1)).toBe('1 second');
    expect(retryWaitText(45)).toBe('45 seconds');
    expect(retryWaitText(59.2)).toBe('60 seconds');
    expect(retryWaitText(60)).toBe('1 minute');
    expect(retryWaitText(61)).toBe('2 minutes');
    expect(retryWaitText(900)).toBe('15 minutes');
  });

  it('says nothing for no wait at all', () => {
    expect(retryWaitText(null)).toBeNull();
    expect(retryWaitText(0)).toBeNull();
    expect(retryWaitText(-3)).toBeNull();
    expect(retryWaitText(Number.NaN)).toBeNull();
  });
});

describe('the agent verification limit toast', () => {
  it('is a warning that says when to try again, or later when the server did not say', () => {
    expect(ALERTS.agentVerificationLimited('020 7946 0018', '2 minutes')).toEqual({
      message: 'A problem occurred: too many attempts to verify an agent. Please try again in 2 minutes or contact us on 020 7946 0018.',
      type: 'warning',
      timeout: 7_000,
    });
    expect(ALERTS.agentVerificationLimited('020 7946 0018', null).message).toContain('Please try again later or contact us');
  });
});
