import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/index.ts';
import { build } from './helper.ts';

describe('identity settings', () => {
  it('defaults to the sandbox on each request’s origin', () => {
    expect(loadConfig({}).identity).toMatchObject({ provider: 'sandbox', issuer: null, clientId: 'tours-web', audience: 'tours-api', scope: 'openid email' });
  });

  it('pins the sandbox issuer to PUBLIC_URL', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://tours.example/' }).identity.issuer).toBe('https://tours.example/idp');
  });

  it('needs OIDC_ISSUER for a real provider and keeps it exactly as set', () => {
    expect(() => loadConfig({ IDENTITY_PROVIDER: 'oidc' })).toThrow(/OIDC_ISSUER: Required when IDENTITY_PROVIDER is oidc/);
    expect(loadConfig({ IDENTITY_PROVIDER: 'oidc', OIDC_ISSUER: 'https://tenant.auth0.com/' }).identity.issuer).toBe('https://tenant.auth0.com/');
  });

  it('refuses a sandbox issuer off /idp and a JWKS without private keys', () => {
    expect(() => loadConfig({ OIDC_ISSUER: 'https://tours.example/auth' })).toThrow(/OIDC_ISSUER: The sandbox provider is served at \/idp/);
    expect(() => loadConfig({ OIDC_JWKS: '{"keys":[{"kty":"RSA","n":"x","e":"AQAB"}]}' })).toThrow(/OIDC_JWKS/);
  });
});

describe('GET /api/config/identity with a real provider', () => {
  const t = build({ env: { IDENTITY_PROVIDER: 'oidc', OIDC_ISSUER: 'https://sso.example/realms/tours', OIDC_CLIENT_ID: 'web', OIDC_AUDIENCE: 'https://api.tours.example', OIDC_SCOPE: 'openid email offline_access' } });

  it('names the configured provider and mounts no sandbox', async () => {
    const config = await t.app.inject({ method: 'GET', url: '/api/config/identity' });
    expect(config.json()).toEqual({ issuer: 'https://sso.example/realms/tours', client_id: 'web', audience: 'https://api.tours.example', scope: 'openid email offline_access' });
    const discovery = await t.app.inject({ method: 'GET', url: '/idp/.well-known/openid-configuration' });
    // No SPA is built in these tests, so the web plugin's fallback answers; what matters is that no provider does.
    expect(discovery.statusCode).not.toBe(200);
    expect(discovery.body).not.toContain('issuer');
  });
});
