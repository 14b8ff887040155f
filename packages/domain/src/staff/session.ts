/**
 * A staff session: an opaque token the console sends as `Authorization:
 * Bearer`. It ends after 30 minutes without a call, and 12 hours after the
 * sign-in whatever happens, both judged by the database's clock so replicas
 * agree; signing out ends it at once.
 */
export const STAFF_SESSION_IDLE_MS = 30 * 60 * 1000;
export const STAFF_SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;

/** One-time recovery codes given at passkey registration, shown once. */
export const RECOVERY_CODE_COUNT = 10;

/**
 * A recovery code as shown: four groups of four characters of Crockford's
 * base32 (no I, L, O or U: nothing to misread), 80 bits of randomness.
 */
export const RECOVERY_CODE_PATTERN = /^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/;

/**
 * A code as typed, made comparable: upper case, separators and spaces
 * dropped, the letters people confuse with digits read as those digits.
 */
export function normaliseRecoveryCode(typed: string): string {
  const plain = typed.toUpperCase().replace(/[\s-]/g, '').replace(/[IL]/g, '1').replace(/O/g, '0');
  return plain.length === 16 ? plain.replace(/(.{4})(?=.)/g, '$1-') : plain;
}
