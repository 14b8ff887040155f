import { createHash } from 'node:crypto';
import type { AppConfig } from '../config/index.ts';

/**
 * Every Content-Security-Policy the server sends, built here so the rules
 * read side by side: no inline or evaluated script anywhere (scripts are
 * files, or carry a per-answer nonce), no plugins, no <base> tricks, and
 * framing allowed only where a page is meant to be framed. Third parties are
 * named by the origins configuration gives them (PAYMENT_PROVIDER_URL,
 * OIDC_ISSUER), never hard-coded; on-site sandboxes are 'self'.
 */

export type Directives = Readonly<Record<string, readonly string[]>>;

/** 'default-src 'none'; frame-ancestors 'self''; a directive with no sources ('sandbox') is written alone. */
export function serializePolicy(directives: Directives): string {
  return Object.entries(directives)
    .map(([name, sources]) => (sources.length > 0 ? `${name} ${sources.join(' ')}` : name))
    .join('; ');
}

/** The sources of one directive in a policy as sent; null when the policy does not name it. */
export function directiveOf(policy: string, name: string): string[] | null {
  for (const part of policy.split(';')) {
    const [directive, ...sources] = part.trim().split(/\s+/);
    if (directive?.toLowerCase() === name) return sources;
  }
  return null;
}

/**
 * The X-Frame-Options that says what the policy's frame-ancestors says, for
 * browsers that only read the older header: DENY for 'none', SAMEORIGIN for
 * 'self' alone, and nothing for a list of origins (X-Frame-Options cannot
 * name one; the CSP decides).
 */
export function frameOptionsFor(policy: string): 'DENY' | 'SAMEORIGIN' | null {
  const ancestors = directiveOf(policy, 'frame-ancestors');
  if (ancestors === null) return null;
  if (ancestors.length === 1 && ancestors[0] === "'none'") return 'DENY';
  if (ancestors.length === 1 && ancestors[0] === "'self'") return 'SAMEORIGIN';
  return null;
}

/** A CSP source for one inline block whose text never changes ('sha256-...'). */
export const hashSource = (text: string): string => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** API answers (JSON, files, errors): nothing in them may run, load or be framed if a browser opens one directly. */
export const API_POLICY = serializePolicy({ 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] });

/** Where the site's pages reach beyond their own origin; null when the party is on the site's origin (the sandboxes) or absent. */
export interface ThirdPartyOrigins {
  /** The card provider: its sdk.js (a script) and its payment frame. */
  cardProvider: string | null;
  /** The identity provider: discovery, keys and the token call (fetches), and the silent-renew frame. */
  identityProvider: string | null;
}

const originOf = (url: string): string | null => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

export function thirdPartyOrigins(config: Pick<AppConfig, 'payments' | 'identity'>): ThirdPartyOrigins {
  return {
    // On site, the sandbox is /pay on whatever origin the page was opened at: 'self'.
    cardProvider: config.payments.onSite ? null : originOf(config.payments.url),
    // No issuer: the sandbox at /idp on the request's own origin.
    identityProvider: config.identity.issuer === null ? null : originOf(config.identity.issuer),
  };
}

const withOrigins = (base: string[], ...origins: (string | null)[]) => [...new Set([...base, ...origins.filter((o): o is string => o !== null)])];

/**
 * The single-page app (index.html for every page path). Vite's build has no
 * inline script or style (apps/web/index.html loads one module file; React
 * sets styles through the CSSOM, which style-src does not govern), so both
 * stay 'self'. The card provider's sdk.js is a script from its origin and its
 * form a frame; the identity provider is fetched by oidc-client-ts and framed
 * for silent renewal, which lands back on /auth/silent-renew in that frame:
 * that one page may be framed by the site itself, no page by anyone else.
 * The SPA never calls the card provider itself (its frame does), so
 * connect-src names only the identity provider.
 */
export function sitePolicy(origins: ThirdPartyOrigins, options: { framedBySite: boolean }): string {
  return serializePolicy({
    'default-src': ["'none'"],
    'script-src': withOrigins(["'self'"], origins.cardProvider),
    'style-src': ["'self'"],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'"],
    'manifest-src': ["'self'"],
    'connect-src': withOrigins(["'self'"], origins.identityProvider),
    'frame-src': withOrigins(["'self'"], origins.cardProvider, origins.identityProvider),
    'form-action': withOrigins(["'self'"], origins.identityProvider),
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'frame-ancestors': [options.framedBySite ? "'self'" : "'none'"],
  });
}

/**
 * The staff console (/admin, docs/decisions/0018-staff-console.md): its own
 * bundle's scripts and styles only, calls to the API and to the identity
 * provider (the sign-in's token exchange), and nothing else: no card
 * provider (no script, no frame), no geolocation service, no frame of any
 * kind, and nobody may frame it.
 */
export function consolePolicy(origins: ThirdPartyOrigins): string {
  return serializePolicy({
    'default-src': ["'none'"],
    'script-src': ["'self'"],
    'style-src': ["'self'"],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'"],
    'connect-src': withOrigins(["'self'"], origins.identityProvider),
    'form-action': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'frame-ancestors': ["'none'"],
  });
}

/**
 * The OpenAPI reference at /api/docs (Swagger UI, files from @fastify/swagger-ui):
 * scripts from the server only; its components write style attributes in
 * their markup, so inline styles (never scripts) are allowed on this developer page.
 */
export const DOCS_POLICY = serializePolicy({
  'default-src': ["'none'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
});

/**
 * The sandbox identity provider's pages (/idp): forms posting to its own
 * origin, one nonce'd style element and, on the logout page only, one
 * nonce'd script. Framed only by the site on the same origin (silent renewal).
 */
export function identityPagePolicy(nonce: string): string {
  return serializePolicy({
    'default-src': ["'none'"],
    'style-src': [`'nonce-${nonce}'`],
    'script-src': [`'nonce-${nonce}'`],
    'img-src': ["'self'"],
    'form-action': ["'self'"],
    'base-uri': ["'none'"],
    'frame-ancestors': ["'self'"],
  });
}

/**
 * The sandbox card provider's payment frame (/pay/frame): frame.js from its
 * own origin, its one nonce'd style element, calls to its own API, and the
 * merchant's logo. `ancestors` is the one origin the payment token was made
 * for ('*' for a page that holds nothing: an unknown token's).
 */
export function cardFramePolicy(nonce: string, ancestors: string, imageOrigin: string | null): string {
  return serializePolicy({
    'default-src': ["'none'"],
    'script-src': ["'self'"],
    'style-src': [`'nonce-${nonce}'`],
    'img-src': withOrigins(["'self'", 'data:'], imageOrigin),
    'connect-src': ["'self'"],
    'form-action': ["'none'"],
    'base-uri': ["'none'"],
    'frame-ancestors': [ancestors],
  });
}

/** A server-made page with one fixed style element and nothing else (the 'web app not built' page). */
export function staticPagePolicy(css: string): string {
  return serializePolicy({
    'default-src': ["'none'"],
    'style-src': [hashSource(css)],
    'base-uri': ["'none'"],
    'form-action': ["'none'"],
    'frame-ancestors': ["'none'"],
  });
}

/** The sandbox mailbox (/dev/mailbox): its nonce'd style element, each e-mail shown in a frame from this origin. */
export function mailboxPolicy(nonce: string): string {
  return serializePolicy({
    'default-src': ["'none'"],
    'style-src': [`'nonce-${nonce}'`],
    'frame-src': ["'self'"],
    'base-uri': ["'none'"],
    'form-action': ["'none'"],
    'frame-ancestors': ["'none'"],
  });
}

/**
 * One sent e-mail's HTML as a mail client shows it: no scripts at all (a CSP
 * sandbox, which also gives it an opaque origin), inline styles only (e-mails
 * have nothing else), images from the origins its own images name, framed by
 * the mailbox only; its links may open outside the sandbox.
 */
export function mailHtmlPolicy(imageSources: string): string {
  return serializePolicy({
    'default-src': ["'none'"],
    'style-src': ["'unsafe-inline'"],
    'img-src': [imageSources],
    'base-uri': ["'none'"],
    'form-action': ["'none'"],
    'frame-ancestors': ["'self'"],
    sandbox: ['allow-popups', 'allow-popups-to-escape-sandbox'],
  });
}

/** Text shown as it is (an e-mail's plain part, opened on its own): nothing in it can run, load or be framed elsewhere. */
export const PLAIN_TEXT_POLICY = serializePolicy({ 'default-src': ["'none'"], 'frame-ancestors': ["'self'"], sandbox: [] });
