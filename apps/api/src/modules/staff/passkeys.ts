import { OPERATOR, type WebauthnCredential } from '@tours/domain';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { CHALLENGE_TTL_MS } from './challenges.ts';
import { staffPasskeys } from './schema.ts';
import type { StaffMemberIdentity } from './sessions.ts';

/**
 * Passkeys (WebAuthn) with @simplewebauthn/server. The relying party is the
 * site: its ID is the host name of the origin the console was opened at
 * (WebAuthn refuses IP addresses, so the console works at localhost, not at
 * 127.0.0.1), and the answer's origin must be one the site is served at
 * (docs/decisions/0008-site-origin.md). User verification (the device's PIN
 * or biometric) is required: the passkey is a second factor on its own.
 */

export interface RelyingParty {
  id: string;
  name: string;
  /** The origins an answer may come from. */
  origins: string[];
}

const RP_NAME = `${OPERATOR.companyName} staff console`;

export function relyingParty(siteOrigin: string, fixedOrigins: readonly string[]): RelyingParty {
  const host = new URL(siteOrigin).hostname;
  return { id: host, name: RP_NAME, origins: fixedOrigins.length > 0 ? [...fixedOrigins] : [siteOrigin] };
}

interface StoredPasskey {
  id: number;
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: string[];
}

async function passkeysOf(db: Database, memberId: number): Promise<StoredPasskey[]> {
  return db
    .select({ id: staffPasskeys.id, credentialId: staffPasskeys.credentialId, publicKey: staffPasskeys.publicKey, counter: staffPasskeys.counter, transports: staffPasskeys.transports })
    .from(staffPasskeys)
    .where(eq(staffPasskeys.staffMemberId, memberId));
}

export async function passkeyCount(db: Database, memberId: number): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(staffPasskeys).where(eq(staffPasskeys.staffMemberId, memberId));
  return row?.n ?? 0;
}

const transportsOf = (values: readonly string[]) => values as AuthenticatorTransportFuture[];

/** Options for the browser to create a passkey; the member's passkeys are excluded, so one authenticator registers once. */
export async function registrationOptions(db: Database, member: StaffMemberIdentity, rp: RelyingParty) {
  const existing = await passkeysOf(db, member.id);
  return generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: member.email,
    userDisplayName: member.name,
    // Stable per member, and nothing a reader could take for an e-mail address.
    userID: new TextEncoder().encode(`staff-member-${member.id}`),
    attestationType: 'none',
    timeout: CHALLENGE_TTL_MS,
    excludeCredentials: existing.map((passkey) => ({ id: passkey.credentialId, transports: transportsOf(passkey.transports) })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'required' },
  });
}

export async function authenticationOptions(db: Database, member: StaffMemberIdentity, rp: RelyingParty) {
  const existing = await passkeysOf(db, member.id);
  return generateAuthenticationOptions({
    rpID: rp.id,
    timeout: CHALLENGE_TTL_MS,
    userVerification: 'required',
    allowCredentials: existing.map((passkey) => ({ id: passkey.credentialId, transports: transportsOf(passkey.transports) })),
  });
}

/**
 * Verifies a new passkey against its challenge and keeps it; false for an
 * answer that does not verify (another origin or RP, no user verification,
 * a malformed attestation) or a credential already registered.
 */
export async function registerPasskey(
  db: Database,
  member: StaffMemberIdentity,
  input: { credential: WebauthnCredential; challenge: string; rp: RelyingParty; name: string; now: SQL },
): Promise<boolean> {
  let verification;
  try {
    verification = await verifyRegistrationResponse({
      response: input.credential as unknown as RegistrationResponseJSON,
      expectedChallenge: input.challenge,
      expectedOrigin: input.rp.origins,
      expectedRPID: input.rp.id,
      requireUserVerification: true,
    });
  } catch {
    return false;
  }
  if (!verification.verified) return false;
  const { credential, credentialDeviceType, credentialBackedUp } = verification.registrationInfo;
  try {
    await db.insert(staffPasskeys).values({
      staffMemberId: member.id,
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: credential.transports ?? [],
      deviceType: credentialDeviceType,
      backedUp: credentialBackedUp,
      name: input.name,
      createdAt: input.now,
    });
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
  return true;
}

/**
 * Verifies a passkey's answer to an authentication challenge with the
 * member's stored key, and moves its counter on (a counter that went back
 * means a cloned authenticator: refused). False for anything that does not verify.
 */
export async function provePasskey(
  db: Database,
  member: StaffMemberIdentity,
  input: { credential: WebauthnCredential; challenge: string; rp: RelyingParty; now: SQL },
): Promise<boolean> {
  const [stored] = await db
    .select({ id: staffPasskeys.id, credentialId: staffPasskeys.credentialId, publicKey: staffPasskeys.publicKey, counter: staffPasskeys.counter, transports: staffPasskeys.transports })
    .from(staffPasskeys)
    .where(and(eq(staffPasskeys.staffMemberId, member.id), eq(staffPasskeys.credentialId, input.credential.id)))
    .for('update');
  if (!stored) return false;
  let verification;
  try {
    verification = await verifyAuthenticationResponse({
      response: input.credential as unknown as AuthenticationResponseJSON,
      expectedChallenge: input.challenge,
      expectedOrigin: input.rp.origins,
      expectedRPID: input.rp.id,
      requireUserVerification: true,
      credential: { id: stored.credentialId, publicKey: Buffer.from(stored.publicKey, 'base64url'), counter: stored.counter, transports: transportsOf(stored.transports) },
    });
  } catch {
    return false;
  }
  if (!verification.verified) return false;
  await db.update(staffPasskeys).set({ counter: verification.authenticationInfo.newCounter, lastUsedAt: input.now }).where(eq(staffPasskeys.id, stored.id));
  return true;
}
