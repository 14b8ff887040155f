import { describe, expect, it } from 'vitest';
import {
  API_POLICY,
  cardFramePolicy,
  directiveOf,
  DOCS_POLICY,
  frameOptionsFor,
  hashSource,
  identityPagePolicy,
  mailboxPolicy,
  mailHtmlPolicy,
  PLAIN_TEXT_POLICY,
  serializePolicy,
  sitePolicy,
  staticPagePolicy,
  thirdPartyOrigins,
} from '../src/lib/content-security-policy.ts';
import { loadConfig } from '../src/config/index.ts';

const SANDBOX = { cardProvider: null, identityProvider: null };
const ELSEWHERE = { cardProvider: 'https://pay.example', identityProvider: 'https://login.example' };

const everyPolicy = () => [
  API_POLICY,
  DOCS_POLICY,
  sitePolicy(SANDBOX, { framedBySite: false }),
  sitePolicy(ELSEWHERE, { framedBySite: true }),
  identityPagePolicy('abc'),
  cardFramePolicy('abc', 'https://tours.example', null),
  mailboxPolicy('abc'),
  mailHtmlPolicy("'none'"),
  PLAIN_TEXT_POLICY,
  staticPagePolicy('body{margin:0}'),
];

describe('the Content-Security-Policy builder', () => {
  it('writes directives in order, a directive without sources alone', () => {
    expect(serializePolicy({ 'default-src': ["'none'"], 'img-src': ["'self'", 'data:'], sandbox: [] })).toBe("default-src 'none'; img-src 'self' data:; sandbox");
    expect(directiveOf("default-src 'none'; frame-ancestors https://a.example", 'frame-ancestors')).toEqual(['https://a.example']);
    expect(directiveOf("default-src 'none'", 'frame-ancestors')).toBeNull();
  });

  it('never lets an inline or evaluated script run, nor plugins, anywhere', () => {
    for (const policy of everyPolicy()) {
      const scripts = directiveOf(policy, 'script-src') ?? directiveOf(policy, 'default-src')!;
      expect(scripts, policy).not.toContain("'unsafe-inline'");
      expect(scripts, policy).not.toContain("'unsafe-eval'");
      expect(policy).not.toContain("'unsafe-eval'");
      const objects = directiveOf(policy, 'object-src') ?? directiveOf(policy, 'default-src')!;
      expect(objects, policy).toEqual(["'none'"]);
      expect(directiveOf(policy, 'frame-ancestors'), policy).not.toBeNull();
    }
  });

  it('keeps the site to its own origin when the providers are the sandboxes on it', () => {
    const policy = sitePolicy(SANDBOX, { framedBySite: false });
    expect(policy).toBe(
      "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; manifest-src 'self'; connect-src 'self'; frame-src 'self'; form-action 'self'; object-src 'none'; base-uri 'self'; frame-ancestors 'none'",
    );
    expect(frameOptionsFor(policy)).toBe('DENY');
    expect(frameOptionsFor(sitePolicy(SANDBOX, { framedBySite: true }))).toBe('SAMEORIGIN');
  });

  it('names the configured providers where the site needs them, and nowhere else', () => {
    const policy = sitePolicy(ELSEWHERE, { framedBySite: false });
    expect(directiveOf(policy, 'script-src')).toEqual(["'self'", 'https://pay.example']);
    expect(directiveOf(policy, 'frame-src')).toEqual(["'self'", 'https://pay.example', 'https://login.example']);
    expect(directiveOf(policy, 'connect-src')).toEqual(["'self'", 'https://login.example']);
    expect(directiveOf(policy, 'form-action')).toEqual(["'self'", 'https://login.example']);
    expect(directiveOf(policy, 'style-src')).toEqual(["'self'"]);
    expect(directiveOf(policy, 'img-src')).toEqual(["'self'", 'data:']);
  });

  it('reads the providers from the configuration: on-site sandboxes are the site itself', () => {
    expect(thirdPartyOrigins(loadConfig({}))).toEqual(SANDBOX);
    const external = loadConfig({
      PAYMENT_PROVIDER: 'http',
      PAYMENT_PROVIDER_URL: 'https://pay.example/v1/pay/',
      PAYMENT_SECRET_KEY: 'sk_live_0123456789abcdef',
      PAYMENT_WEBHOOK_SECRET: 'whsec_0123456789abcdef',
      IDENTITY_PROVIDER: 'oidc',
      OIDC_ISSUER: 'https://login.example/realms/tours/',
    });
    expect(thirdPartyOrigins(external)).toEqual(ELSEWHERE);
    // The sandbox provider on another server of ours, named by its URL.
    expect(thirdPartyOrigins(loadConfig({ PAYMENT_PROVIDER_URL: 'http://127.0.0.1:4000/pay' })).cardProvider).toBe('http://127.0.0.1:4000');
  });

  it('lets the card frame be framed by the one page its token was made for, with its nonce for styles only', () => {
    const policy = cardFramePolicy('n0nce', 'https://tours.example', 'https://cdn.tours.example');
    expect(directiveOf(policy, 'frame-ancestors')).toEqual(['https://tours.example']);
    expect(directiveOf(policy, 'style-src')).toEqual(["'nonce-n0nce'"]);
    expect(directiveOf(policy, 'script-src')).toEqual(["'self'"]);
    expect(directiveOf(policy, 'img-src')).toEqual(["'self'", 'data:', 'https://cdn.tours.example']);
    expect(frameOptionsFor(policy)).toBeNull();
  });

  it('allows a fixed style element by its hash', () => {
    expect(hashSource('body{margin:0}')).toMatch(/^'sha256-[A-Za-z0-9+/]{43}='$/);
    expect(directiveOf(staticPagePolicy('body{margin:0}'), 'style-src')).toEqual([hashSource('body{margin:0}')]);
  });
});
