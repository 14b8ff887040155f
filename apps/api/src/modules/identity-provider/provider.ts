import type { IncomingMessage } from 'node:http';
import { CONSOLE_IDENTITY_PATHS, IDENTITY_PATHS } from '@tours/domain';
import type { FastifyInstance } from 'fastify';
import Provider, { errors, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { isFixed } from '../../lib/site-origin.ts';
import { accountBySubject } from './accounts.ts';
import { postgresAdapter } from './adapter.ts';
import type { ProviderKeys } from './keys.ts';
import { loggedOutPage, logoutPage, problemPage } from './pages.ts';

/** Where the provider is mounted on the site's origin. */
export const IDP_PATH = '/idp';
/** What the sandbox's API resource grants: who the person is and their verified address. */
const RESOURCE_SCOPE = 'openid email';
/** Access tokens live 15 minutes; the web app renews them with its refresh token before then. */
const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
/** Distinct origins with a provider of their own, at most; a flood of made-up Host headers can't grow memory. */
const MAX_PROVIDERS = 16;

/** The request's CSP nonce, set by the mount for the pages oidc-provider renders (logout, errors). */
export const nonceOf = (req: IncomingMessage): string => (req as IncomingMessage & { cspNonce?: string }).cspNonce ?? '';

/**
 * A resource indicator must be an absolute URI (RFC 8707), while audiences
 * such as Keycloak's or the default 'tours-api' are plain names: the
 * resource is the audience when it is a URI, else a URN naming it.
 */
export function resourceIndicatorFor(audience: string): string {
  return URL.parse(audience)?.protocol ? audience : `urn:tours:resource:${encodeURIComponent(audience)}`;
}

function siteOfIssuer(issuer: string): string {
  return new URL(issuer).origin;
}

/**
 * The settings of one oidc-provider instance for one issuer. Everything that
 * must be the same across replicas and origins (storage, keys) comes in from
 * outside; only the issuer and its site's redirect URIs differ.
 */
export function providerConfiguration(app: FastifyInstance, keys: ProviderKeys, siteOrigins: string[]): Configuration {
  const { clientId, audience } = app.config.identity;
  const resource = resourceIndicatorFor(audience);
  const ensureGrant = async (ctx: KoaContextWithOIDC) => {
    const { oidc } = ctx;
    if (!oidc.client || !oidc.session?.accountId) return undefined;
    const grantId = oidc.result?.consent?.grantId ?? oidc.session.grantIdFor(oidc.client.clientId);
    const grant = (grantId ? await oidc.provider.Grant.find(grantId) : undefined) ?? new oidc.provider.Grant({ clientId: oidc.client.clientId, accountId: oidc.session.accountId });
    // The web app is ours (first party): what it asks for is granted without a consent screen.
    grant.addOIDCScope([...oidc.requestParamOIDCScopes].join(' '));
    for (const indicator of Object.keys(oidc.resourceServers ?? {})) grant.addResourceScope(indicator, [...oidc.requestParamScopes].join(' '));
    await grant.save();
    return grant;
  };

  return {
    adapter: postgresAdapter(app.db),
    jwks: keys.jwks,
    cookies: { keys: keys.cookieKeys },
    clients: [
      {
        client_id: clientId,
        client_name: 'Tours web app',
        token_endpoint_auth_method: 'none',
        application_type: 'web',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        // The site's and the staff console's (which signs in with the same client and never renews silently).
        redirect_uris: siteOrigins.flatMap((origin) => [
          `${origin}${IDENTITY_PATHS.signInCallback}`,
          `${origin}${IDENTITY_PATHS.silentRenew}`,
          `${origin}${CONSOLE_IDENTITY_PATHS.signInCallback}`,
        ]),
        post_logout_redirect_uris: siteOrigins.flatMap((origin) => [`${origin}${IDENTITY_PATHS.postLogout}`, `${origin}${CONSOLE_IDENTITY_PATHS.postLogout}`]),
      },
    ],
    clientBasedCORS: (_ctx, origin) => siteOrigins.includes(origin),
    // S256 is the only method oidc-provider offers; plain is refused. Required for every client, public or not.
    pkce: { required: () => true },
    responseTypes: ['code'],
    scopes: ['openid', 'offline_access', 'email'],
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    async findAccount(_ctx, sub) {
      const account = await accountBySubject(app.db, sub);
      if (!account) return undefined;
      return { accountId: account.sub, claims: async () => ({ sub: account.sub, email: account.email, email_verified: true }) };
    },
    // The API identifies a customer by the verified e-mail of the access token, so the token carries it.
    async extraTokenClaims(_ctx, token) {
      if (token.kind !== 'AccessToken' || !token.accountId) return undefined;
      const account = await accountBySubject(app.db, token.accountId);
      return account ? { email: account.email, email_verified: true } : undefined;
    },
    // A public client gets a (rotating, session-bound) refresh token without offline_access: renewal without an iframe.
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    loadExistingGrant: ensureGrant,
    interactions: { url: async (_ctx, interaction) => `${IDP_PATH}/interaction/${interaction.uid}` },
    ttl: {
      AccessToken: ACCESS_TOKEN_TTL_SECONDS,
      AuthorizationCode: 60,
      IdToken: 60 * 60,
      Interaction: 60 * 60,
      Session: 14 * 24 * 60 * 60,
      Grant: 14 * 24 * 60 * 60,
      RefreshToken: 24 * 60 * 60,
    },
    features: {
      devInteractions: { enabled: false },
      // Tokens are never revoked by the web app; the session ends at logout.
      revocation: { enabled: true },
      userinfo: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: async () => resource,
        useGrantedResource: async () => true,
        getResourceServerInfo: async (_ctx, indicator) => {
          if (indicator !== resource) throw new errors.InvalidTarget();
          return { scope: RESOURCE_SCOPE, audience, accessTokenFormat: 'jwt', accessTokenTTL: ACCESS_TOKEN_TTL_SECONDS, jwt: { sign: { alg: 'RS256' } } };
        },
      },
      rpInitiatedLogout: {
        enabled: true,
        async logoutSource(ctx, form) {
          ctx.type = 'html';
          ctx.body = logoutPage(nonceOf(ctx.req), form, Boolean(ctx.oidc.params?.id_token_hint));
        },
        async postLogoutSuccessSource(ctx) {
          ctx.type = 'html';
          ctx.body = loggedOutPage(nonceOf(ctx.req), `${ctx.origin}/`);
        },
      },
    },
    async renderError(ctx, out) {
      ctx.type = 'html';
      const detail = typeof out.error_description === 'string' ? out.error_description : 'The sign-in request was not valid.';
      ctx.body = problemPage(nonceOf(ctx.req), 'Sorry, we could not sign you in', `${detail} Please return to the site and try again.`, `${ctx.origin}/`);
    },
  };
}

export interface ProviderRegistry {
  /** The provider for the site at `origin` (already checked as one the site is served at). */
  forOrigin(origin: string): Provider;
}

/**
 * oidc-provider has one issuer per instance. A site that follows each
 * request's origin (localhost, 127.0.0.1, a LAN address) gets one instance
 * per origin, each with the same storage and keys; a pinned issuer (PUBLIC_URL
 * or OIDC_ISSUER) gets one instance for every origin. Why:
 * docs/decisions/0010-identity-provider.md.
 */
export function providerRegistry(app: FastifyInstance, keys: ProviderKeys): ProviderRegistry {
  const providers = new Map<string, Provider>();
  const { config } = app;
  const create = (issuer: string) => {
    const site = siteOfIssuer(issuer);
    const siteOrigins = isFixed(config) ? [...new Set([site, ...config.allowedOrigins])] : [site];
    const provider = new Provider(issuer, providerConfiguration(app, keys, siteOrigins));
    // Forwarded headers reach the provider only as the mount rewrote them from the trusted site origin.
    provider.proxy = true;
    provider.on('server_error', (_ctx, error) => app.log.error({ err: error }, 'identity provider: server error'));
    return provider;
  };
  return {
    forOrigin(origin) {
      const issuer = config.identity.issuer ?? `${origin}${IDP_PATH}`;
      let provider = providers.get(issuer);
      if (!provider) {
        provider = create(issuer);
        if (providers.size >= MAX_PROVIDERS) providers.delete(providers.keys().next().value!);
        providers.set(issuer, provider);
      }
      return provider;
    },
  };
}
