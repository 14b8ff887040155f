import { STAFF_MFA_METHODS, STAFF_ROLES } from '@tours/domain';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../db/columns.ts';

/**
 * The operator's staff and how they sign in to the console
 * (docs/decisions/0018-staff-console.md). Which addresses are staff, and
 * with which roles, is this table's answer, never a claim the browser sends.
 * Nothing here is kept in a replica's memory: sessions and WebAuthn
 * challenges are rows, judged by the database's clock.
 */

const timestampColumn = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const inList = (values: readonly string[]) => sql.raw(`array[${values.map((value) => `'${value}'`).join(', ')}]::text[]`);

export const staffMembers = pgTable(
  'staff_members',
  {
    id: id(),
    /** Lower case: the identity provider's verified e-mail is compared with it. */
    email: text('email').notNull(),
    name: text('name').notNull(),
    /** One or more of the domain's STAFF_ROLES; a new role needs a migration of this check as well as a domain change. */
    roles: text('roles').array().notNull(),
    /** Deactivated members keep their row (the audit log names them) but cannot sign in. */
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: timestampColumn('updated_at').notNull().defaultNow(),
    /** Goes up with every change: the ETag that If-Match names, so a stale edit is refused, not applied. */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('staff_members_email_key').on(t.email),
    check('staff_members_email_normalised', sql`${t.email} = lower(btrim(${t.email})) and position('@' in ${t.email}) > 1`),
    check('staff_members_roles_known', sql`cardinality(${t.roles}) > 0 and ${t.roles} <@ ${inList(STAFF_ROLES)}`),
    check('staff_members_version_positive', sql`${t.version} > 0`),
  ],
);

/** A member's passkeys (WebAuthn credentials), as @simplewebauthn/server verified them at registration. */
export const staffPasskeys = pgTable(
  'staff_passkeys',
  {
    id: id(),
    staffMemberId: integer('staff_member_id')
      .notNull()
      .references(() => staffMembers.id, { onDelete: 'cascade' }),
    /** The credential id, base64url, as the browser names it. */
    credentialId: text('credential_id').notNull(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    /** The authenticator's signature counter; a lower one than stored means a cloned authenticator. */
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports').array().notNull().default(sql`'{}'::text[]`),
    /** 'singleDevice' or 'multiDevice' (a synced passkey). */
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull(),
    name: text('name').notNull().default(''),
    createdAt: createdAt(),
    lastUsedAt: timestampColumn('last_used_at'),
  },
  (t) => [uniqueIndex('staff_passkeys_credential_key').on(t.credentialId), index('staff_passkeys_member_idx').on(t.staffMemberId)],
);

/** One-time recovery codes, shown once at registration; only their SHA-256 is kept (80 random bits each). */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    id: id(),
    staffMemberId: integer('staff_member_id')
      .notNull()
      .references(() => staffMembers.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestampColumn('used_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('staff_recovery_codes_member_hash_key').on(t.staffMemberId, t.codeHash)],
);

/**
 * Signed-in staff: the session token's SHA-256 (the token itself is only
 * ever the console's). Idle after 30 minutes without a call (last_seen_at),
 * over 12 hours after the sign-in (expires_at), by the database's clock.
 */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: id(),
    tokenHash: text('token_hash').notNull(),
    staffMemberId: integer('staff_member_id')
      .notNull()
      .references(() => staffMembers.id, { onDelete: 'cascade' }),
    /** How the second factor was given: a passkey, a recovery code, or the identity provider's own multi-factor sign-in. */
    mfaMethod: text('mfa_method').notNull(),
    createdAt: timestampColumn('created_at').notNull(),
    lastSeenAt: timestampColumn('last_seen_at').notNull(),
    expiresAt: timestampColumn('expires_at').notNull(),
  },
  (t) => [
    uniqueIndex('staff_sessions_token_key').on(t.tokenHash),
    index('staff_sessions_member_idx').on(t.staffMemberId),
    index('staff_sessions_expires_at_idx').on(t.expiresAt),
    check('staff_sessions_mfa_method_known', sql`${t.mfaMethod} = any(${inList(STAFF_MFA_METHODS)})`),
  ],
);

/** A WebAuthn challenge waiting for its answer: works once, for a few minutes, for one member and one purpose. */
export const staffWebauthnChallenges = pgTable(
  'staff_webauthn_challenges',
  {
    /** A random uuid the console sends back with the answer. */
    id: text('id').primaryKey(),
    staffMemberId: integer('staff_member_id')
      .notNull()
      .references(() => staffMembers.id, { onDelete: 'cascade' }),
    /** 'registration' (first sign-in, or another passkey) or 'authentication'. */
    purpose: text('purpose').notNull(),
    /** The challenge the options carried (base64url). */
    challenge: text('challenge').notNull(),
    expiresAt: timestampColumn('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('staff_webauthn_challenges_member_idx').on(t.staffMemberId),
    index('staff_webauthn_challenges_expires_at_idx').on(t.expiresAt),
    check('staff_webauthn_challenges_purpose_known', sql`${t.purpose} in ('registration', 'sign-in-registration', 'authentication')`),
  ],
);
