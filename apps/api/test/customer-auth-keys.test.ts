import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { exportJWK, importJWK, SignJWT, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { idpKeys } from '../src/db/schema/index.ts';
import { discoveredKeySet, KeySetUnavailable, verifyAccessToken } from '../src/modules/customers/index.ts';
import { loadProviderKeys } from '../src/modules/identity-provider/keys.ts';
import { bearerHeader, signingKey, tokenFor, type SigningKey } from './customer-tokens.ts';
import { build, buildTestApp, createTestDatabase, expectApiError } from './helper.ts';
import type { TestDatabase } from './test-database.ts';
import { SITE_ORIGIN } from './payment-fixtures.ts';

/** A standard provider's discovery document and JWKS over real HTTP, keys rotated at will. */
function fakeProvider() {
  let published: SigningKey[] = [];
  let jwksReads = 0;
  let issuer = '';
  let named = '';
  const server: Server = createServer((request, response) => {
    response.setHeader('content-type', 'application/json');
    if (request.url === '/.well-known/openid-configuration') {
      response.end(JSON.stringify({ issuer: named || issuer, jwks_uri: `${issuer}/keys`, authorization_endpoint: `${issuer}/auth` }));
    } else if (request.url === '/keys') {
      jwksReads += 1;
      response.end(JSON.stringify({ keys: published.map((key) => key.publicJwk) }));
    } else {
      response.statusCode = 404;
      response.end('{}');
    }
  });
  return {
    async start() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      return issuer;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
    publish(...keys: SigningKey[]) {
      published = keys;
    },
    /** The discovery document names another issuer (a misconfigured or impersonating provider). */
    nameIssuer(value: string) {
      named = value;
    },
    get jwksReads() {
      return jwksReads;
    },
  };
}

describe('an external provider’s keys, read from its discovery document and JWKS', () => {
  const provider = fakeProvider();
  let issuer = '';
  const options = (keys: ReturnType<typeof discoveredKeySet>) => ({ issuer, audience: 'tours-api', keys, now: new Date() });

  beforeAll(async () => {
    issuer = await provider.start();
  });
  afterAll(() => provider.stop());

  it('verifies with the published key, reads the set once, and reads it again for a rotated-in key', async () => {
    const first = await signingKey('RS256');
    const next = await signingKey('ES256');
    provider.publish(first);
    const keys = discoveredKeySet(issuer, { cooldownMs: 0 });
    const reads = provider.jwksReads;

    expect(await verifyAccessToken(await tokenFor(first, 'demo@example.com', { issuer }), options(keys))).toMatchObject({ email: 'demo@example.com' });
    expect(await verifyAccessToken(await tokenFor(first, 'demo@example.com', { issuer }), options(keys))).not.toBeNull();
    expect(provider.jwksReads).toBe(reads + 1);

    provider.publish(next, first);
    expect(await verifyAccessToken(await tokenFor(next, 'Demo@Example.com', { issuer }), options(keys))).toMatchObject({ email: 'demo@example.com' });
    expect(provider.jwksReads).toBe(reads + 2);
  });

  it('refuses tokens of a key the provider does not publish', async () => {
    provider.publish(await signingKey());
    const keys = discoveredKeySet(issuer, { cooldownMs: 0 });
    expect(await verifyAccessToken(await tokenFor(await signingKey(), 'demo@example.com', { issuer }), options(keys))).toBeNull();
  });

  it('does not trust a discovery document that names another issuer', async () => {
    const key = await signingKey();
    provider.publish(key);
    provider.nameIssuer('https://impostor.test');
    try {
      const keys = discoveredKeySet(issuer);
      await expect(verifyAccessToken(await tokenFor(key, 'demo@example.com', { issuer }), options(keys))).rejects.toBeInstanceOf(KeySetUnavailable);
    } finally {
      provider.nameIssuer('');
    }
  });

  it('reports an unreachable provider as unavailable, not as a bad token', async () => {
    const key = await signingKey();
    const keys = discoveredKeySet('http://127.0.0.1:9', { cooldownMs: 0 });
    const token = await tokenFor(key, 'demo@example.com', { issuer: 'http://127.0.0.1:9' });
    await expect(verifyAccessToken(token, { issuer: 'http://127.0.0.1:9', audience: 'tours-api', keys, now: new Date() })).rejects.toBeInstanceOf(KeySetUnavailable);
  });
});

describe('IDENTITY_PROVIDER=oidc: the API reads the configured issuer’s keys over HTTP', () => {
  const provider = fakeProvider();
  let issuer = '';
  let app: FastifyInstance | undefined;
  let database: TestDatabase | undefined;

  beforeAll(async () => {
    issuer = await provider.start();
    database = await createTestDatabase();
    app = await buildTestApp(database, { env: { IDENTITY_PROVIDER: 'oidc', OIDC_ISSUER: issuer, OIDC_AUDIENCE: 'tours-api' } });
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
    await provider.stop();
  });

  it('signs in with a token of the provider’s published key, and refuses another issuer’s', async () => {
    const key = await signingKey('ES256');
    provider.publish(key);
    const good = await app!.inject({ method: 'GET', url: '/api/account/profile', headers: bearerHeader(await tokenFor(key, 'demo@example.com', { issuer })) });
    expect(good.statusCode, good.body).toBe(200);
    // The sandbox's issuer means nothing when an external provider is configured.
    const sandbox = await app!.inject({ method: 'GET', url: '/api/account/profile', headers: bearerHeader(await tokenFor(key, 'demo@example.com', { issuer: `${SITE_ORIGIN}/idp` })) });
    expectApiError(sandbox, 401, 'UNAUTHORIZED');
  });
});

describe('the sandbox provider’s keys, kept in the database', () => {
  const server = build();
  const sandboxIssuer = `${SITE_ORIGIN}/idp`;
  const profile = (token: string) => server.app.inject({ method: 'GET', url: '/api/account/profile', headers: bearerHeader(token) });

  /** A token as the sandbox signs it: its newest stored key, its issuer on the request's origin, the configured audience. */
  async function sandboxToken(email: string, options: { issuer?: string; jwk?: JWK } = {}) {
    const jwk = options.jwk ?? ((await loadProviderKeys(server.app.db, undefined)).jwks.keys[0] as JWK);
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ email, email_verified: true })
      .setProtectedHeader({ alg: 'RS256', kid: jwk.kid as string, typ: 'at+jwt' })
      .setIssuer(options.issuer ?? sandboxIssuer)
      .setAudience(server.app.config.identity.audience)
      .setSubject('sandbox-subject')
      .setIssuedAt(now)
      .setExpirationTime(now + 300)
      .sign(await importJWK(jwk, 'RS256'));
  }

  it('accepts the sandbox’s tokens for its issuer on the site’s origin', async () => {
    const response = await profile(await sandboxToken('demo@example.com'));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.customer.email).toBe('demo@example.com');
  });

  it('refuses a sandbox-signed token that names the issuer of another origin', async () => {
    expectApiError(await profile(await sandboxToken('demo@example.com', { issuer: 'http://elsewhere.test/idp' })), 401, 'UNAUTHORIZED');
  });

  it('follows a key rotated in by another replica once the short cooldown has passed', async () => {
    // Read the current set first, so the rotation happens to a cached set.
    expect((await profile(await sandboxToken('demo@example.com'))).statusCode).toBe(200);
    const fresh = await signingKey('RS256');
    const privateJwk = { ...(await exportJWK(fresh.privateKey)), kid: fresh.kid, alg: 'RS256', use: 'sig' } as JWK;
    const stored = await loadProviderKeys(server.app.db, undefined);
    await server.app.db.update(idpKeys).set({ value: { keys: [privateJwk, ...stored.jwks.keys] } }).where(eq(idpKeys.name, 'signing'));

    const token = await sandboxToken('demo@example.com', { jwk: privateJwk });
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 6000 });
    try {
      const response = await profile(token);
      expect(response.statusCode, response.body).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });
});
