import { z } from 'zod';
import { defineSlice, setting, type ConfigIssue } from './setting.ts';

type PrivateJwks = { keys: Record<string, unknown>[] };

/** A JSON Web Key Set whose every key is a private RSA or EC key, as the sandbox needs to sign with them. */
function parsePrivateJwks(value: string): PrivateJwks | null {
  try {
    const parsed = JSON.parse(value) as { keys?: unknown };
    const isPrivate = (key: unknown) => typeof key === 'object' && key !== null && 'd' in key && ['RSA', 'EC'].includes((key as { kty?: string }).kty ?? '');
    return Array.isArray(parsed.keys) && parsed.keys.length > 0 && parsed.keys.every(isPrivate) ? (parsed as PrivateJwks) : null;
  } catch {
    return null;
  }
}

const privateJwksSchema = z
  .string()
  .trim()
  .min(1)
  .transform((value, ctx) => {
    const jwks = parsePrivateJwks(value);
    if (jwks === null) ctx.addIssue({ code: 'custom', message: 'Use a JSON Web Key Set with private RSA or EC keys: {"keys":[{"kty":"RSA","d":...}]}' });
    return jwks ?? z.NEVER;
  });

/** The sandbox is mounted at /idp: an issuer anywhere else would name a discovery document nobody serves. */
function sandboxIssuerOffIdp(env: { IDENTITY_PROVIDER: 'sandbox' | 'oidc'; OIDC_ISSUER?: string | undefined }): ConfigIssue[] {
  if (env.IDENTITY_PROVIDER !== 'sandbox' || !env.OIDC_ISSUER || new URL(env.OIDC_ISSUER).pathname.replace(/\/+$/, '') === '/idp') return [];
  return [{ setting: 'OIDC_ISSUER', message: 'The sandbox provider is served at /idp: use https://your.site/idp, or leave OIDC_ISSUER unset' }];
}

/** An external provider's issuer as configured; the sandbox's is fixed by OIDC_ISSUER or PUBLIC_URL, else it follows the request (null). */
function identityIssuer(provider: 'sandbox' | 'oidc', issuer: string | undefined, publicUrl: string | undefined): string | null {
  // An external issuer is compared character for character with the tokens' iss (Auth0's ends with a slash): kept exactly as set.
  if (issuer) return provider === 'oidc' ? issuer : issuer.replace(/\/+$/, '');
  if (provider === 'sandbox' && publicUrl) return `${new URL(publicUrl).origin}/idp`;
  return null;
}

export const identity = defineSlice({
  title: 'Identity provider',
  summary: 'Customers\' and staff\'s sign-in: the OpenID Connect provider and the web app\'s client at it (docs/decisions/0010-identity-provider.md), and what counts as a staff member\'s second factor there.',
  settings: {
    identity: {
      provider: setting(
        'IDENTITY_PROVIDER',
        z.enum(['sandbox', 'oidc']).default('sandbox'),
        "`sandbox`: the OpenID Connect provider shipped with the product, at `/idp` on the site's origin; `oidc`: any standard provider at `OIDC_ISSUER` (root README, 'Identity provider')",
      ),
      issuer: setting(
        'OIDC_ISSUER',
        z.url({ protocol: /^https?$/ }).optional(),
        "The provider's issuer URL (its discovery document is at `/.well-known/openid-configuration` under it), kept exactly as set for `oidc`. With the sandbox it pins the issuer (`https://tours.example/idp`); `PUBLIC_URL` pins it too; unset, the sandbox's issuer follows each request's origin",
        { shownDefault: "the site's origin + `/idp`" },
      ),
      clientId: setting('OIDC_CLIENT_ID', z.string().trim().min(1).default('tours-web'), "The web app's client id at the provider: a public client with PKCE"),
      audience: setting('OIDC_AUDIENCE', z.string().trim().min(1).default('tours-api'), 'The audience (API identifier) access tokens for this API must name'),
      scope: setting(
        'OIDC_SCOPE',
        z.string().trim().min(1).default('openid email'),
        'The scopes the web app asks for, space-separated; some providers want `offline_access` for refresh tokens, or an API scope (Entra: `api://.../access`)',
      ),
      staffRequiredAcr: setting(
        'STAFF_REQUIRED_ACR',
        z.string().trim().min(1).max(500).optional(),
        "With `oidc`: the `acr` (authentication context class) of the operator's provider that counts as a multi-factor sign-in for the staff console, besides an `amr` naming a second factor (`mfa`, `otp`, `hwk`, `swk`, `fpt`, `face`…: `MULTI_FACTOR_AMR` in packages/domain). Unset, only `amr` counts. Ignored with the sandbox, where staff prove a passkey (docs/decisions/0018-staff-console.md)",
      ),
      jwks: setting(
        'OIDC_JWKS',
        privateJwksSchema.optional(),
        'Sandbox only: its signing keys as a JSON Web Key Set with private parts (`{"keys":[...]}`); unset, keys are generated once and kept in the database',
      ),
    },
  },
  requires: { IDENTITY_PROVIDER: { oidc: ['OIDC_ISSUER'] } },
  refine: sandboxIssuerOffIdp,
  derive: ({ identity: settings }, { publicUrl }) => ({
    identity: { ...settings, issuer: identityIssuer(settings.provider, settings.issuer, publicUrl), staffRequiredAcr: settings.staffRequiredAcr ?? null },
  }),
});
