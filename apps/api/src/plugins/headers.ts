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

/**
 * The headers every answer carries whatever made it, for replies that skip
 * Fastify's hooks too (the identity provider writes its own): the request id
 * for support, no MIME sniffing, referrers cut to the origin across sites,
 * HSTS over HTTPS only (on plain http it would lock localhost out of itself).
 * Set only where the route has not chosen its own.
 */
export function commonHeaders(request: FastifyRequest, origins: ThirdPartyOrigins): Record<string, string> {
  return {
    'x-request-id': request.id,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    ...(arrivedOverHttps(request) ? { 'strict-transport-security': HSTS } : {}),
    // Only documents read these; they cost nothing on the rest.
    'permissions-policy': permissionsPolicy(origins),
    'cross-origin-opener-policy': 'same-origin',
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

  app.addHook('onSend', async (request, reply) => {
    for (const [name, value] of Object.entries(commonHeaders(request, origins))) {
      if (!reply.hasHeader(name) || name === 'x-request-id') reply.header(name, value);
    }
    // A 304 has no body or Content-Type to go by, and the browser merges its headers into the cached answer's:
    // it keeps the policy that answer came with rather than take one meant for something else.
    if (reply.statusCode === 304) return;
    if (!reply.hasHeader('content-security-policy')) {
      const path = pathOf(request);
      let policy = API_POLICY;
      if (isHtml(reply)) {
        if (path === DOCS_PREFIX || path.startsWith(`${DOCS_PREFIX}/`)) policy = DOCS_POLICY;
        else policy = path === IDENTITY_PATHS.silentRenew ? silentRenew : site;
      }
      reply.header('content-security-policy', policy);
    }
    const frameOptions = frameOptionsFor(String(reply.getHeader('content-security-policy')));
    if (frameOptions) reply.header('x-frame-options', frameOptions);
    else reply.removeHeader('x-frame-options');
  });
});
