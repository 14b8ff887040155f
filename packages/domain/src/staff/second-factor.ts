/**
 * Staff sign in with a second factor. With the sandbox identity provider the
 * console asks for a passkey; with a real provider (IDENTITY_PROVIDER=oidc)
 * the provider's own multi-factor sign-in counts, as its access token says:
 * an `amr` (RFC 8176 authentication method reference) naming a second factor,
 * or the `acr` the operator configured (STAFF_REQUIRED_ACR).
 */

/**
 * RFC 8176 methods that prove more than a password: `mfa` itself, one-time
 * codes, hardware and software keys, biometrics, smart cards, SMS or
 * telephone confirmation. `pwd`, `kba` and `pin` alone are one factor.
 */
export const MULTI_FACTOR_AMR = ['mfa', 'otp', 'hwk', 'swk', 'fpt', 'face', 'iris', 'retina', 'vbm', 'sc', 'sms', 'tel'] as const;

/** Whether the provider's sign-in proved a second factor. `requiredAcr` (when the operator set one) is an alternative proof. */
export function provesMultiFactor(claims: { amr: readonly string[]; acr: string | null }, requiredAcr: string | null): boolean {
  if (requiredAcr !== null && claims.acr === requiredAcr) return true;
  return claims.amr.some((method) => (MULTI_FACTOR_AMR as readonly string[]).includes(method));
}

/** How a staff session's second factor was given. */
export const STAFF_MFA_METHODS = ['passkey', 'recovery-code', 'provider'] as const;
export type StaffMfaMethod = (typeof STAFF_MFA_METHODS)[number];
