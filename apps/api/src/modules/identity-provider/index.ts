import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { getIdentityConfig } from '@tours/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { scheduleBackgroundJob } from '../../lib/background-job.ts';
import { frameOptionsFor, thirdPartyOrigins } from '../../lib/content-security-policy.ts';
import { registerEndpoint } from '../../lib/register-endpoint.ts';
import { siteOriginOf } from '../../lib/site-origin.ts';
import { commonHeaders } from '../../plugins/headers.ts';
import { deleteExpiredModels } from './adapter.ts';
import { interactionRoutes } from './interaction-routes.ts';
import { loadProviderKeys } from './keys.ts';
import { pagePolicy } from './pages.ts';
import { IDP_PATH, providerRegistry } from './provider.ts';
import { deleteExpiredCodes } from './sign-in-codes.ts';

/** The sandbox's signing keys: the customer guard (plugins/customer-auth.ts) verifies its tokens with them. */
export { loadProviderKeys } from './keys.ts';

/** Expired sessions, codes and tokens are deleted this often (they already read as absent). */
const CLEANUP_INTERVAL_MS = 10 * 60 * 1000;

/**
 * GET /api/config/identity: where the web app signs in, read at run time so
 * one build works at any origin and with any standard provider.
 */
export async function identityConfigRoutes(app: FastifyInstance) {
  registerEndpoint(app, getIdentityConfig, async (request) => {
    const { identity } = app.config;
    const issuer = identity.issuer ?? `${siteOriginOf(request)}${IDP_PATH}`;
    return { issuer, client_id: identity.clientId, audience: identity.audience, scope: identity.scope };
  });
}

type MountedRequest = IncomingMessage & { cspNonce?: string; baseUrl?: string };

/**
 * The sandbox OpenID Connect provider (oidc-provider, a Koa app) at /idp.
 * Fastify hands it the raw request and response: its body is left unread
 * for oidc-provider to parse, the path is made relative to the mount, and
 * the forwarded headers are rewritten from the site origin we trust, so the
 * provider's URLs are the visitor's.
 */
export async function identityProviderPlugin(app: FastifyInstance) {
  const keys = await loadProviderKeys(app.db, app.config.identity.jwks);
  const registry = providerRegistry(app, keys);
  const origins = thirdPartyOrigins(app.config);
  const handlers = new WeakMap<object, (req: IncomingMessage, res: ServerResponse) => Promise<void>>();

  scheduleBackgroundJob(app, 'identity provider cleanup', CLEANUP_INTERVAL_MS, async () => {
    await deleteExpiredModels(app.db, new Date());
    await deleteExpiredCodes(app.db, app.clock.now());
  });

  await app.register(interactionRoutes(registry, keys));

  await app.register(async (mount) => {
    mount.removeAllContentTypeParsers();
    mount.addContentTypeParser('*', (_request, _payload, done) => done(null));

    const handle = async (request: FastifyRequest, reply: FastifyReply) => {
      const origin = siteOriginOf(request);
      const provider = registry.forOrigin(origin);
      let handler = handlers.get(provider);
      if (!handler) {
        handler = provider.callback() as (req: IncomingMessage, res: ServerResponse) => Promise<void>;
        handlers.set(provider, handler);
      }
      const raw = request.raw as MountedRequest;
      const nonce = randomBytes(16).toString('base64');
      raw.cspNonce = nonce;
      const site = new URL(origin);
      raw.headers['x-forwarded-host'] = site.host;
      raw.headers['x-forwarded-proto'] = site.protocol.slice(0, -1);
      raw.headers['x-forwarded-for'] = request.ip;
      raw.url = (raw.url ?? '').slice(IDP_PATH.length) || '/';
      raw.baseUrl = IDP_PATH;

      reply.hijack();
      const res = reply.raw;
      // Hijacked answers skip the onSend hooks: the same headers as every other answer (plugins/headers.ts).
      for (const [name, value] of Object.entries(commonHeaders(request, origins))) res.setHeader(name, value);
      // The silent-renew frame is the site's own page on the same origin; nobody else may frame the provider.
      const policy = pagePolicy(nonce);
      res.setHeader('content-security-policy', policy);
      res.setHeader('x-frame-options', frameOptionsFor(policy) ?? 'DENY');
      await handler(raw, res);
    };
    mount.all('/', { schema: { hide: true } }, handle);
    mount.all('/*', { schema: { hide: true } }, handle);
  });
}
