import { z } from 'zod/mini';
import { defineEndpoint } from './common.ts';

/**
 * How the web app finds its OpenID Connect provider, read at run time so one
 * build works at any origin and with any standard provider: the sandbox at
 * `<site origin>/idp`, or Keycloak, Auth0, Entra ID, Cognito by configuration.
 */
export const identityConfigSchema = z.object({
  /** The provider's issuer: its discovery document is at `${issuer}/.well-known/openid-configuration`. */
  issuer: z.url(),
  /** The web app's public client (authorization code with PKCE, no secret). */
  client_id: z.string().check(z.minLength(1)),
  /** The API's identifier: access tokens for it carry this `aud`. */
  audience: z.string().check(z.minLength(1)),
  /** The scopes the web app asks for, space-separated. */
  scope: z.string().check(z.minLength(1)),
});
export type IdentityConfig = z.infer<typeof identityConfigSchema>;

/** Where the provider sends the visitor back, relative to the site's origin. */
export const IDENTITY_PATHS = {
  signInCallback: '/auth/callback',
  silentRenew: '/auth/silent-renew',
  postLogout: '/',
} as const;

/**
 * Where the provider sends a staff member back to the console
 * (docs/decisions/0018-staff-console.md): the same client and provider as
 * the site, with the console's own redirect URIs.
 */
export const CONSOLE_IDENTITY_PATHS = {
  signInCallback: '/admin/signed-in',
  postLogout: '/admin',
} as const;

export const getIdentityConfig = defineEndpoint({
  method: 'GET',
  path: '/config/identity',
  response: identityConfigSchema,
  auth: 'none',
  summary: "The OpenID Connect provider the web app signs customers in with (issuer, client, the API's audience, scopes)",
});
