import { describe, expect, it } from 'vitest';
import { MULTI_FACTOR_AMR, provesMultiFactor } from './second-factor.ts';
import { normaliseRecoveryCode, RECOVERY_CODE_PATTERN } from './session.ts';

describe("a real provider's second factor", () => {
  it('counts any multi-factor method of RFC 8176 in amr', () => {
    for (const method of MULTI_FACTOR_AMR) expect(provesMultiFactor({ amr: ['pwd', method], acr: null }, null), method).toBe(true);
    expect(MULTI_FACTOR_AMR).toEqual(expect.arrayContaining(['mfa', 'otp', 'hwk', 'swk', 'fpt', 'face']));
  });

  it('does not count one factor: a password, a PIN, knowledge, or nothing said', () => {
    for (const amr of [[], ['pwd'], ['pin'], ['kba'], ['pwd', 'kba'], ['user']]) expect(provesMultiFactor({ amr, acr: null }, null), amr.join()).toBe(false);
  });

  it('counts the configured acr instead, and only that one', () => {
    const required = 'urn:example:loa:mfa';
    expect(provesMultiFactor({ amr: ['pwd'], acr: required }, required)).toBe(true);
    expect(provesMultiFactor({ amr: ['pwd'], acr: 'urn:example:loa:1' }, required)).toBe(false);
    expect(provesMultiFactor({ amr: ['pwd'], acr: required }, null)).toBe(false);
  });
});

describe('recovery codes as typed', () => {
  it('read the same in any case, with or without separators, and with the letters people take for digits', () => {
    expect(normaliseRecoveryCode('abcd-efgh-jkmn-pqrs')).toBe('ABCD-EFGH-JKMN-PQRS');
    expect(normaliseRecoveryCode(' 0123 4567 89ab cdef ')).toBe('0123-4567-89AB-CDEF');
    expect(normaliseRecoveryCode('o1l1-0000-0000-0000')).toBe('0111-0000-0000-0000');
    expect(RECOVERY_CODE_PATTERN.test(normaliseRecoveryCode('abcd efgh jkmn pqrs'))).toBe(true);
    expect(RECOVERY_CODE_PATTERN.test(normaliseRecoveryCode('too-short'))).toBe(false);
  });
});
