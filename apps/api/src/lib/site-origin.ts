import proxyAddr from '@fastify/proxy-addr';
import type { FastifyRequest } from 'fastify';
import type { AppConfig } from '../config/index.ts';
import { forbidden, validationFailed } from './http-error.ts';
import { parseOrigin } from './origin.ts';

/**
 * The site's origin for one request: the scheme, host and port the visitor's
 * browser shows in its address bar. It is read from the Host header and, only
 * when the peer that sent them is a proxy TRUST_PROXY trusts, from
 * X-Forwarded-Host and X-Forwarded-Proto. With no PUBLIC_URL and no
 * ALLOWED_ORIGINS the site answers at whatever address it is reached at
 * (localhost, 127.0.0.1, a LAN address); with them, at those origins only.
 * Why: docs/decisions/0008-site-origin.md.
 */

export type TrustProxy = AppConfig['trustProxy'];
type TrustFn = (address: string, hop: number) => boolean;

/** Fastify's own reading of TRUST_PROXY (true, a hop count, or addresses and ranges), so both agree on who is a proxy. */
export function compileTrust(trust: TrustProxy): TrustFn {
  if (trust === true) return () => true;
  if (trust === false) return () => false;
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return proxyAddr.compile(trust.split(',').map((entry) => entry.trim()));
}

const trustCache = new WeakMap<AppConfig, TrustFn>();
function trustOf(config: AppConfig): TrustFn {
  let trust = trustCache.get(config);
  if (!trust) {
    trust = compileTrust(config.trustProxy);
    trustCache.set(config, trust);
  }
  return trust;
}

/** The nearest proxy's entry: each proxy appends its own, and only the last one was written by a proxy we trust. */
function lastEntry(value: string | string[] | undefined): string | undefined {
  const joined = Array.isArray(value) ? value.join(',') : value;
  const entry = joined?.split(',').pop()?.trim();
  return entry ? entry : undefined;
}

/** Host names, IPv4 and bracketed IPv6 literals with an optional port; no paths, credentials or spaces. */
const HOST = /^(?:[a-z0-9_-]+(?:\.[a-z0-9_-]+)*\.?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** Whether the peer that sent this request is a proxy TRUST_PROXY trusts (Fastify's request.ip follows the same rule). */
export function fromTrustedProxy(request: FastifyRequest): boolean {
  const peer = request.raw.socket?.remoteAddress;
  return peer !== undefined && trustOf(request.server.config)(peer, 0);
}

/** The origin this request names, whether or not the site is served there; null when its headers name none. */
export function requestedOrigin(request: FastifyRequest): string | null {
  const trusted = fromTrustedProxy(request);
  const socket = request.raw.socket as (typeof request.raw.socket & { encrypted?: boolean }) | undefined;
  const scheme = ((trusted && lastEntry(request.headers['x-forwarded-proto'])) || (socket?.encrypted ? 'https' : 'http')).toLowerCase();
  const host = (trusted && lastEntry(request.headers['x-forwarded-host'])) || request.headers.host || '';
  if ((scheme !== 'http' && scheme !== 'https') || !HOST.test(host)) return null;
  return parseOrigin(`${scheme}://${host}`);
}

/** The origins the site is served at (PUBLIC_URL's and ALLOWED_ORIGINS), or none: then it follows each request. */
export const isFixed = (config: AppConfig) => config.allowedOrigins.length > 0;

/** The site's own address for links read away from the site (e-mails): PUBLIC_URL, else the first allowed origin; null when the site follows each request. */
export function canonicalSiteUrl(config: AppConfig): string | null {
  return config.publicUrl ?? config.allowedOrigins[0] ?? null;
}

/** The origin the site is served at for this request, when it may be: null for a request from an unlisted or unreadable origin. */
export function siteOriginOrNull(request: FastifyRequest): string | null {
  const origin = requestedOrigin(request);
  if (origin === null) return null;
  const { config } = request.server;
  return !isFixed(config) || config.allowedOrigins.includes(origin) ? origin : null;
}

/**
 * The origin the site is served at for this request; anything bound to it
 * (the card form's frame, its messages) works for the visitor's page. A
 * request from an origin the site is not served at gets a 403 that says
 * where the site is, never an answer bound to another origin.
 */
export function siteOriginOf(request: FastifyRequest): string {
  const origin = requestedOrigin(request);
  if (origin === null) {
    throw validationFailed({ host: 'The request does not say which address the site was opened at: its Host header is missing or not valid' });
  }
  const { config } = request.server;
  if (isFixed(config) && !config.allowedOrigins.includes(origin)) {
    throw forbidden(`This site is not served at ${origin}. Please open it at ${canonicalSiteUrl(config)} and try again.`);
  }
  return origin;
}

/**
 * The addresses this server answers at for itself (its internal URL, on
 * localhost and 127.0.0.1, and every allowed origin): a provider URL or a
 * webhook URL on one of them is this very app, reached in-process.
 */
export function ownOrigins(config: AppConfig): Set<string> {
  const internal = new URL(config.internalUrl);
  const loopback = ['localhost', '127.0.0.1', '[::1]'].map((host) => `${internal.protocol}//${host}${internal.port ? `:${internal.port}` : ''}`);
  return new Set([internal.origin, ...loopback, ...config.allowedOrigins]);
}
