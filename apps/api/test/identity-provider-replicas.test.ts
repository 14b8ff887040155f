import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseConnection } from '../src/db/client.ts';
import { loadProviderKeys } from '../src/modules/identity-provider/keys.ts';
import { buildTestApp, createTestDatabase } from './helper.ts';
import type { TestDatabase } from './test-database.ts';
import { browser, codeFromOutbox, exchangeCode, followToCallback, pkce, startSignIn, submitEmail, verifiedJwt } from './identity-provider-flow.ts';

/**
 * Two API replicas over one database. On a PostgreSQL server (npm run
 * test:pg) each has its own pool; on PGlite, which one process opens once,
 * both share the one connection, which is what two replicas share: the data.
 */
describe('two API instances over one database', () => {
  let database: TestDatabase;
  let shared: DatabaseConnection | undefined;
  let a: FastifyInstance;
  let b: FastifyInstance;

  beforeAll(async () => {
    database = await createTestDatabase();
    if (!database.databaseUrl) shared = await database.open();
    // Each app closes its connection with itself; the shared one is closed once, below.
    const options = shared ? { database: { ...shared, close: async () => {} } } : {};
    a = await buildTestApp(database, options);
    b = await buildTestApp(database, options);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await shared?.close();
    await database?.drop();
  });

  it('publishes the same signing keys', async () => {
    const keysOf = async (app: FastifyInstance) => (await app.inject({ method: 'GET', url: '/idp/jwks', headers: { host: 'localhost' } })).json();
    const [fromA, fromB] = [await keysOf(a), await keysOf(b)];
    expect(fromA.keys).toHaveLength(1);
    expect(fromB).toEqual(fromA);
  });

  it('accepts each other’s sign-ins, codes and tokens', async () => {
    const visitor = browser();
    const { verifier, challenge } = pkce();
    const interaction = await startSignIn(a, visitor, challenge);
    await submitEmail(b, visitor, interaction, 'replica@example.com');
    const accepted = await visitor.post(b, `${interaction}/code`, { code: await codeFromOutbox(a, 'replica@example.com') });
    expect(accepted.statusCode).toBe(303);
    const code = await followToCallback(a, visitor, accepted.headers.location as string);
    const tokens = await exchangeCode(b, code, verifier);
    expect(tokens.statusCode, tokens.body).toBe(200);
    const { access_token: accessToken, refresh_token: refreshToken } = tokens.json();
    // Issued by B, verified with A's published keys.
    expect((await verifiedJwt(a, accessToken)).claims).toMatchObject({ iss: 'http://localhost/idp', aud: 'tours-api', email: 'replica@example.com' });

    const renewed = await a.inject({
      method: 'POST',
      url: '/idp/token',
      headers: { host: 'localhost', 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: 'tours-web' }).toString(),
    });
    expect(renewed.statusCode, renewed.body).toBe(200);

    // The session set on A is known to B: a second sign-in there needs no code.
    const again = await visitor.get(b, `/idp/auth?${new URLSearchParams({ client_id: 'tours-web', response_type: 'code', redirect_uri: 'http://localhost/auth/callback', scope: 'openid email', code_challenge: challenge, code_challenge_method: 'S256', state: 'state-123' })}`);
    expect(again.statusCode).toBe(303);
    expect(new URL(again.headers.location as string).searchParams.get('code')).toEqual(expect.any(String));
  });

  it('makes one key when replicas start at the same moment', async () => {
    const fresh = await createTestDatabase({ empty: true });
    const connection = await fresh.open();
    try {
      await connection.migrate();
      const loaded = await Promise.all([1, 2, 3].map(() => loadProviderKeys(connection.db, undefined)));
      expect(loaded[1]).toEqual(loaded[0]);
      expect(loaded[2]).toEqual(loaded[0]);
      expect(loaded[0]!.jwks.keys).toHaveLength(1);
    } finally {
      await connection.close();
      await fresh.drop();
    }
  });
});
