import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';

/**
 * The sandbox identity provider's own tables (served at /idp). It stands in
 * for a third party (Keycloak, Auth0...), so nothing of ours refers to these
 * tables: the API knows a person only by the token's claims.
 */

/**
 * oidc-provider's state (sessions, interactions, grants, codes, refresh
 * tokens), one row per model: every API replica sees the same sign-ins.
 */
export const idpModels = pgTable(
  'idp_models',
  {
    id: text('id').notNull(),
    /** The model's name: Session, Interaction, Grant, AuthorizationCode, RefreshToken... */
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    consumedAt: timestamp('consumed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.id] }),
    index('idp_models_grant_id_idx').on(t.grantId),
    index('idp_models_uid_idx').on(t.uid),
    index('idp_models_user_code_idx').on(t.userCode),
    index('idp_models_expires_at_idx').on(t.expiresAt),
  ],
);

/** The provider's keys: 'signing' (a private JWKS) and 'cookies' (secrets), made once by whichever replica starts first. */
export const idpKeys = pgTable('idp_keys', {
  name: text('name').primaryKey(),
  value: jsonb('value').$type<unknown>().notNull(),
  createdAt: createdAt(),
});

/** Everyone who signed in at the provider: the subject is random and stays the same for an e-mail address. */
export const idpAccounts = pgTable(
  'idp_accounts',
  {
    /** Lower case: the same address typed in another case is the same person. */
    email: text('email').primaryKey(),
    sub: text('sub').notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [check('idp_accounts_email_lower', sql`${t.email} = lower(${t.email})`)],
);

/** One-time sign-in codes sent by e-mail; only their HMAC is kept. */
export const idpSignInCodes = pgTable(
  'idp_sign_in_codes',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** The sign-in (oidc-provider interaction) the code was sent for; it works for that sign-in only. */
    interactionUid: text('interaction_uid').notNull(),
    email: text('email').notNull(),
    /** HMAC-SHA256 (hex) of the code with a secret from idp_keys. */
    codeHash: text('code_hash').notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Used, replaced by a new code, or voided after too many wrong tries. */
    consumedAt: timestamp('consumed_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('idp_sign_in_codes_interaction_idx').on(t.interactionUid),
    index('idp_sign_in_codes_expires_at_idx').on(t.expiresAt),
    check('idp_sign_in_codes_attempts_non_negative', sql`${t.failedAttempts} >= 0`),
  ],
);
