import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError, serviceFailure } from '../lib/http-error.ts';
import { sharedPlugin } from '../lib/plugin.ts';
import { siteOriginOrNull } from '../lib/site-origin.ts';
import {
  KeySetUnavailable,
  looksLikeJwt,
  reloadingKeySet,
  remoteKeySource,
  verifyAccessToken,
  type CustomerIdentity,
  type KeySource,
} from '../modules/customers/index.ts';
import { loadProviderKeys } from '../modules/identity-provider/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The identity the request's customer access token proves; null when it
     * carries none (no Authorization, or a booking token there). A token that
     * is there but proves nothing is refused with the one 401.
     */
    signedInCustomer(request: FastifyRequest, reply: FastifyReply): Promise<CustomerIdentity | null>;
  }
  interface FastifyRequest {
    /** Set by the 'customer' guard, and by the 'booking' guard when a customer token came with the booking's. */
    customerIdentity: CustomerIdentity | null;
  }
}

export interface CustomerAuthOptions {
  /** Where the issuer's signing keys come from; by default the sandbox's stored keys, or the issuer's published JWKS. */
  keys?: KeySource;
}

/**
 * Every refusal of a customer token looks the same (missing, malformed,
 * expired, wrongly signed, another issuer or audience, unverified e-mail),
 * so the answer teaches a forger nothing.
 */
const SIGN_IN_REQUIRED = 'Please sign in to continue.';
export function signInRequired(reply: FastifyReply): HttpError {
  reply.header('www-authenticate', 'Bearer');
  return new HttpError(401, 'UNAUTHORIZED', SIGN_IN_REQUIRED);
}

/** The token of `Authorization: Bearer <jwt>`, or null when the header carries none (or carries a booking token). */
export function customerBearer(header: string | undefined): string | null {
  const token = /^Bearer[ ]+(\S+)\s*$/i.exec(header ?? '')?.[1];
  return token && looksLikeJwt(token) ? token : null;
}

/** The sandbox's keys are its own, kept in our database; an external provider's are read from its published JWKS. */
function defaultKeySource(app: FastifyInstance): KeySource {
  const { identity } = app.config;
  if (identity.provider === 'oidc') return remoteKeySource();
  const sandboxKeys = reloadingKeySet(async () => (await loadProviderKeys(app.db, identity.jwks)).jwks as { keys: Record<string, unknown>[] });
  return () => sandboxKeys;
}

/** The issuer tokens must name: configured, or the sandbox at this request's site origin. */
function expectedIssuer(request: FastifyRequest): string | null {
  const { issuer } = request.server.config.identity;
  if (issuer !== null) return issuer;
  const origin = siteOriginOrNull(request);
  return origin === null ? null : `${origin}/idp`;
}

/**
 * The 'customer' auth guard (every /account call): `Authorization: Bearer
 * <access token>` from the identity provider, verified against the issuer's
 * keys with issuer, audience, expiry and algorithm pinned, naming a verified
 * e-mail. Anything else is the one 401. Whether that e-mail is a customer's
 * is the route's question (GET /account/profile answers 404).
 */
export const customerAuthPlugin = sharedPlugin('customer-auth', async (app, options: CustomerAuthOptions) => {
  const keys = options.keys ?? defaultKeySource(app);
  app.decorateRequest('customerIdentity', null);

  async function verify(request: FastifyRequest, reply: FastifyReply, token: string): Promise<CustomerIdentity> {
    const issuer = expectedIssuer(request);
    if (issuer === null) throw signInRequired(reply);
    try {
      const identity = await verifyAccessToken(token, { issuer, audience: app.config.identity.audience, keys: keys(issuer), now: app.clock.now() });
      if (!identity) throw signInRequired(reply);
      return identity;
    } catch (error) {
      if (!(error instanceof KeySetUnavailable)) throw error;
      // The provider being down is not the visitor's fault: a 401 would sign them out of a session that is fine.
      request.log.error({ err: error }, 'customer token not checked: the identity provider’s keys could not be read');
      throw serviceFailure('Sign-in cannot be checked at the moment. Please try again in a few minutes.');
    }
  }

  app.decorate('signedInCustomer', async (request: FastifyRequest, reply: FastifyReply) => {
    const token = customerBearer(request.headers.authorization);
    if (!token) return null;
    request.customerIdentity = await verify(request, reply, token);
    return request.customerIdentity;
  });

  app.authGuards.set('customer', async (request, reply) => {
    const token = customerBearer(request.headers.authorization);
    if (!token) throw signInRequired(reply);
    request.customerIdentity = await verify(request, reply, token);
  });
});

/** The guard ran before any handler that calls this; a missing identity is a wiring mistake, not the caller's. */
export function identityOf(request: FastifyRequest): CustomerIdentity {
  if (!request.customerIdentity) throw new Error(`${request.method} ${request.url} reached its handler without a customer identity`);
  return request.customerIdentity;
}
