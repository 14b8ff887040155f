import { IDENTITY_PATHS } from '@tours/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  API_POLICY,
  DOCS_POLICY,
  frameOptionsFor,
  sitePolicy,
  thirdPartyOrigins,
  type ThirdPartyOrigins,
} from '../lib/content-security-policy.ts';
import { sharedPlugin } from '../lib/plugin.ts';
import { fromTrustedProxy } from '../lib/site-origin.ts';
import { DOCS_PREFIX } from './swagger.ts';

/** A year: browsers that saw the site over HTTPS keep to HTTPS; subdomains too, as the operator serves nothing over plain HTTP. */
export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Whether the visitor's browser reached us over HTTPS: the TLS socket, or
 * the X-Forwarded-Proto of a proxy TRUST_PROXY trusts (the nearest entry, as
 * lib/site-origin.ts reads it). Anyone else's X-Forwarded-Proto is ignored.
 */
export function arrivedOverHttps(request: FastifyRequest): boolean {
  if (fromTrustedProxy(request)) {
    const forwarded = request.headers['x-forwarded-proto'];
    const nearest = (Array.isArray(forwarded) ? forwarded.join(',') : forwarded)?.split(',').pop()?.trim().toLowerCase();
    if (nearest) return nearest === 'https';
  }
  return Boolean((request.raw.socket as { encrypted?: boolean } | undefined)?.encrypted);
}

/**
 * Browser features no page of ours uses, switched off for the page and every
 * frame in it. The Payment Request API stays open to the card provider's own
 * frame (a real provider may offer wallets there), and to nobody else.
 */
export function permissionsPolicy(origins: ThirdPartyOrigins): string {
  const payment = origins.cardProvider ? `(self "${origins.cardProvider}")` : '(self)';
  return [
    'accelerometer=()',
    'camera=()',
    'display-capture=()',
    'geolocation=()',
    'gyroscope=()',
    'magnetometer=()',
    'microphone=()',
    'midi=()',
    `payment=${payment}`,
    'usb=()',
  ].join(', ');
}

/** The common headers that depend on configuration only, in the order they are sent; worked out once per app. */
function fixedHeaders(origins: ThirdPartyOrigins) {
  return {
    before: [
      ['x-content-type-options', 'nosniff'],
      ['referrer-policy', 'strict-origin-when-cross-origin'],
    ] as const,
    // Only documents read these; they cost nothing on the rest.
    after: [
      ['permissions-policy', permissionsPolicy(origins)],
      ['cross-origin-opener-policy', 'same-origin'],
    ] as const,
  };
}

/**
 * The headers every answer carries whatever made it, for replies that skip
 * Fastify's hooks too (the identity provider writes its own): the request id
 * for support, no MIME sniffing, referrers cut to the origin across sites,
 * HSTS over HTTPS only (on plain http it would lock localhost out of itself).
 * Set only where the route has not chosen its own.
 */
export function commonHeaders(request: FastifyRequest, origins: ThirdPartyOrigins): Record<string, string> {
  const { before, after } = fixedHeaders(origins);
  return {
    'x-request-id': request.id,
    ...Object.fromEntries(before),
    ...(arrivedOverHttps(request) ? { 'strict-transport-security': HSTS } : {}),
    ...Object.fromEntries(after),
  };
}

const isHtml = (reply: FastifyReply) => /^text\/html\b/i.test(String(reply.getHeader('content-type') ?? ''));
const pathOf = (request: FastifyRequest) => request.url.split('?')[0]!;

/**
 * Headers every answer carries (commonHeaders) and its Content-Security-Policy:
 * a route that renders HTML of its own (the card frame, the identity
 * provider's pages, the mailbox) sets its policy itself; every other HTML
 * answer is the SPA (or the API docs), and everything else (JSON, files,
 * errors) gets a policy under which nothing runs. X-Frame-Options always says
 * what the policy's frame-ancestors says.
 */
export const headersPlugin = sharedPlugin('headers', async (app) => {
  const origins = thirdPartyOrigins(app.config);
  const site = sitePolicy(origins, { framedBySite: false });
  // The silent-renew page is loaded by the site in a hidden frame (oidc-client-ts), so the site may frame it.
  const silentRenew = sitePolicy(origins, { framedBySite: true });

  // Everything but the request id and HSTS depends on configuration alone: worked out once, not per answer.
  const { before, after } = fixedHeaders(origins);
  const frameOptionsOf = new Map([API_POLICY, DOCS_POLICY, site, silentRenew].map((policy) => [policy, frameOptionsFor(policy)]));

  // A callback hook, not an async one: no promise per answer on the hot path.
  app.addHook('onSend', (request, reply, payload, done) => {
    // As commonHeaders: the request id always, the rest where the route has not chosen its own.
    reply.header('x-request-id', request.id);
    for (const [name, value] of before) if (!reply.hasHeader(name)) reply.header(name, value);
    if (!reply.hasHeader('strict-transport-security') && arrivedOverHttps(request)) reply.header('strict-transport-security', HSTS);
    for (const [name, value] of after) if (!reply.hasHeader(name)) reply.header(name, value);
    // A 304 has no body or Content-Type to go by, and the browser merges its headers into the cached answer's:
    // it keeps the policy that answer came with rather than take one meant for something else.
    if (reply.statusCode === 304) return done(null, payload);
    if (!reply.hasHeader('content-security-policy')) {
      let policy = API_POLICY;
      if (isHtml(reply)) {
        const path = pathOf(request);
        if (path === DOCS_PREFIX || path.startsWith(`${DOCS_PREFIX}/`)) policy = DOCS_POLICY;
        else policy = path === IDENTITY_PATHS.silentRenew ? silentRenew : site;
      }
      reply.header('content-security-policy', policy);
    }
    const policy = String(reply.getHeader('content-security-policy'));
    // The policies this hook sets are known; a route's own (a card frame's, with its nonce) is read as it comes.
    const frameOptions = frameOptionsOf.has(policy) ? frameOptionsOf.get(policy) : frameOptionsFor(policy);
    if (frameOptions) reply.header('x-frame-options', frameOptions);
    else reply.removeHeader('x-frame-options');
    done(null, payload);
  });
});
