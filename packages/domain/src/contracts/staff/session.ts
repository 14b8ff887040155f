import { z } from 'zod/mini';
import { STAFF_MFA_METHODS } from '../../staff/second-factor.ts';
import { STAFF_PERMISSIONS, STAFF_ROLES } from '../../staff/permissions.ts';
import { dataEnvelope, defineEndpoint, isoDateTimeSchema } from '../common.ts';
import { text, wholeNumber } from '../../input-values.ts';

/**
 * Signing in to the staff console (docs/decisions/0018-staff-console.md).
 * The console signs in at the identity provider like the customer site, then
 * starts a staff session with the provider's access token: the API looks the
 * verified e-mail up among its staff members (never a claim about roles) and
 * asks for the second factor. The session's own token is what every other
 * staff call sends.
 */

/** Who is signed in: enough for the console's top bar and to decide what it shows. */
export const staffIdentitySchema = z.object({
  id: z.number(),
  email: z.string(),
  name: z.string(),
  roles: z.array(z.enum(STAFF_ROLES)),
});
export type StaffIdentity = z.infer<typeof staffIdentitySchema>;

/** A signed-in staff member, their permissions (from the domain's table) and when the session ends. */
export const staffMeSchema = z.object({
  member: staffIdentitySchema,
  permissions: z.array(z.enum(STAFF_PERMISSIONS)),
  session: z.object({
    mfa_method: z.enum(STAFF_MFA_METHODS),
    /** Twelve hours after the sign-in, whatever happens. */
    expires_at: isoDateTimeSchema,
    /** Thirty minutes after the last call; each call moves it on. */
    idle_expires_at: isoDateTimeSchema,
  }),
});
export type StaffMe = z.infer<typeof staffMeSchema>;

/** A new session: its token (kept by the console for the tab) and what GET /staff/me says about it. */
export const staffSessionSchema = z.extend(staffMeSchema, { token: z.string() });
export type StaffSession = z.infer<typeof staffSessionSchema>;

/** WebAuthn options exactly as @simplewebauthn/server makes them for @simplewebauthn/browser (challenge, RP, user, credentials). */
const webauthnOptionsSchema = z.record(z.string(), z.unknown());

const base64url = z.string().check(z.minLength(1), z.maxLength(2048), z.regex(/^[A-Za-z0-9_-]+$/));

/** A passkey's answer as @simplewebauthn/browser returns it (RegistrationResponseJSON or AuthenticationResponseJSON). */
export const webauthnCredentialSchema = z.object({
  id: base64url,
  rawId: base64url,
  type: z.literal('public-key'),
  /** The authenticator's answer, field by field as the WebAuthn JSON encoding has them (others are dropped, never stored). */
  response: z.object({
    clientDataJSON: base64url,
    attestationObject: z.optional(base64url),
    authenticatorData: z.optional(base64url),
    signature: z.optional(base64url),
    userHandle: z.optional(base64url),
    publicKey: z.optional(base64url),
    publicKeyAlgorithm: z.optional(wholeNumber()),
    transports: z.optional(z.array(text({ max: 32 }))),
  }),
  /** Only the extension the API reads (credProps); the browser may send others, which are dropped. */
  clientExtensionResults: z._default(z.object({ credProps: z.optional(z.object({ rk: z.optional(z.boolean()) })) }), {}),
  authenticatorAttachment: z.optional(z.enum(['platform', 'cross-platform'])),
});
export type WebauthnCredential = z.infer<typeof webauthnCredentialSchema>;

/** One pending step of a sign-in: the challenge is kept by the API for a few minutes and works once. */
const challengeIdSchema = z.uuid();

/** What session start answers: the session itself (a real provider's multi-factor sign-in), or the passkey step to take. */
export const staffSignInStepSchema = z.discriminatedUnion('next', [
  z.object({ next: z.literal('signed-in'), session: staffSessionSchema }),
  /** First sign-in (or after an administrator reset the member's passkeys): register one. */
  z.object({ next: z.literal('register-passkey'), challenge_id: challengeIdSchema, options: webauthnOptionsSchema }),
  /** Later sign-ins: prove the passkey (or use a recovery code instead). */
  z.object({ next: z.literal('assert-passkey'), challenge_id: challengeIdSchema, options: webauthnOptionsSchema }),
]);
export type StaffSignInStep = z.infer<typeof staffSignInStepSchema>;

/** Calls that take no input still send a JSON body, `{}`: nothing else is accepted. */
const noInput = z.strictObject({});

export const passkeyNameSchema = text({ max: 60 });

export const startStaffSession = defineEndpoint({
  method: 'POST',
  path: '/staff/session/start',
  body: noInput,
  response: dataEnvelope(staffSignInStepSchema),
  auth: 'customer',
  summary:
    "Starts a staff sign-in with the identity provider's access token (Authorization: Bearer): 403 unless its verified e-mail is an active staff member's; then the passkey step (sandbox provider), or the session when a real provider's token shows a second factor (amr/acr)",
});

export const registerStaffPasskey = defineEndpoint({
  method: 'POST',
  path: '/staff/session/passkey',
  body: z.object({ challenge_id: challengeIdSchema, credential: webauthnCredentialSchema, name: z.optional(passkeyNameSchema) }),
  response: dataEnvelope(z.extend(staffSessionSchema, { recovery_codes: z.array(z.string()) })),
  auth: 'customer',
  summary: 'Registers the passkey of a first sign-in (the register-passkey step) and starts the session; answers the 10 one-time recovery codes, once',
});

export const assertStaffPasskey = defineEndpoint({
  method: 'POST',
  path: '/staff/session/passkey/assert',
  body: z.object({ challenge_id: challengeIdSchema, credential: webauthnCredentialSchema }),
  response: dataEnvelope(staffSessionSchema),
  auth: 'customer',
  summary: "Proves the staff member's passkey (the assert-passkey step) and starts the session",
});

export const useStaffRecoveryCode = defineEndpoint({
  method: 'POST',
  path: '/staff/session/recovery',
  body: z.object({ code: text({ max: 64, required: 'Type a recovery code' }) }),
  response: dataEnvelope(z.extend(staffSessionSchema, { passkey_suggested: z.boolean() })),
  auth: 'customer',
  summary: 'Starts the session with a one-time recovery code instead of the passkey; the code is used up (rate limited)',
});

export const endStaffSession = defineEndpoint({
  method: 'POST',
  path: '/staff/session/end',
  body: noInput,
  response: dataEnvelope(z.object({ signed_out: z.literal(true) })),
  auth: 'staff',
  permission: null,
  summary: "Signs out: the staff session's token stops working at once",
});

export const getStaffMe = defineEndpoint({
  method: 'GET',
  path: '/staff/me',
  response: dataEnvelope(staffMeSchema),
  auth: 'staff',
  permission: null,
  summary: 'The signed-in staff member, their roles and permissions, and when the session ends',
});

export const startOwnPasskey = defineEndpoint({
  method: 'POST',
  path: '/staff/me/passkeys/options',
  body: noInput,
  response: dataEnvelope(z.object({ challenge_id: challengeIdSchema, options: webauthnOptionsSchema })),
  auth: 'staff',
  permission: null,
  summary: 'Options to register another passkey for the signed-in member (after signing in with a recovery code, say)',
});

export const addOwnPasskey = defineEndpoint({
  method: 'POST',
  path: '/staff/me/passkeys',
  body: z.object({ challenge_id: challengeIdSchema, credential: webauthnCredentialSchema, name: z.optional(passkeyNameSchema) }),
  response: dataEnvelope(z.object({ passkeys: z.number() })),
  auth: 'staff',
  permission: null,
  summary: 'Registers another passkey for the signed-in member',
});
