import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CUSTOMER } from '../src/db/seed/data/customers.ts';
import { customers } from '../src/db/schema/index.ts';
import { build, expectApiError } from './helper.ts';
import {
  bearerHeader,
  OIDC_TEST_ENV,
  signingKey,
  signToken,
  testKeySource,
  tokenFor,
  unsignedToken,
  type SigningKey,
} from './customer-tokens.ts';

const keys = { rsa: null as SigningKey | null, ec: null as SigningKey | null, stranger: null as SigningKey | null };
const published = testKeySource();

describe('customer access tokens (the customer auth guard)', () => {
  const server = build({ env: OIDC_TEST_ENV, customerTokenKeys: published.source });
  const rsa = () => keys.rsa!;

  beforeAll(async () => {
    keys.rsa = await signingKey('RS256');
    keys.ec = await signingKey('ES256');
    keys.stranger = await signingKey('RS256');
    published.publish(keys.rsa, keys.ec);
  });

  const profile = (headers: Record<string, string> = {}) => server.app.inject({ method: 'GET', url: '/api/account/profile', headers });

  it('answers the seeded demo customer and address for a token of demo@example.com', async () => {
    const response = await profile(bearerHeader(await tokenFor(rsa(), 'demo@example.com', { subject: 'demo-subject' })));
    expect(response.statusCode, response.body).toBe(200);
    const { customer, address } = response.json().data;
    expect(customer).toEqual({
      id: expect.any(Number),
      title: DEMO_CUSTOMER.title,
      forename: DEMO_CUSTOMER.forename,
      surname: DEMO_CUSTOMER.surname,
      email: DEMO_CUSTOMER.email,
    });
    expect(address).toEqual({ ...DEMO_CUSTOMER.address, line_3: '' });
    // The first sign-in records the provider's subject.
    const [row] = await server.app.db.select().from(customers).where(eq(customers.email, DEMO_CUSTOMER.email));
    expect(row!.identitySubject).toBe('demo-subject');
  });

  it('matches the e-mail case-insensitively and accepts ES256 tokens', async () => {
    const response = await profile(bearerHeader(await tokenFor(keys.ec!, 'Demo@Example.COM')));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.customer.email).toBe('demo@example.com');
  });

  it('answers 404 NOT_FOUND (No account found) for a verified e-mail no booking has made a customer', async () => {
    const response = await profile(bearerHeader(await tokenFor(rsa(), 'nobody-booked@example.com')));
    expectApiError(response, 404, 'NOT_FOUND');
    expect(response.json().error.message).toMatch(/No account found/);
  });

  describe('refuses every token that proves nothing with the same 401', () => {
    const refusals: [string, () => Promise<Record<string, string>>][] = [
      ['no Authorization header', async () => ({})],
      ['a scheme other than Bearer', async () => ({ authorization: `Basic ${Buffer.from('demo@example.com:x').toString('base64')}` })],
      ['garbage', async () => bearerHeader('not-a-token')],
      ['a booking token', async () => bearerHeader('a'.repeat(43))],
      ['an expired token', async () => bearerHeader(await tokenFor(rsa(), 'demo@example.com', { expiresIn: -60 }))],
      ['a token signed with a key the issuer does not publish', async () => bearerHeader(await tokenFor(keys.stranger!, 'demo@example.com'))],
      [
        'a token signed by another key under a published key id',
        async () => bearerHeader(await tokenFor({ ...keys.stranger!, kid: rsa().kid }, 'demo@example.com')),
      ],
      ['an unsigned token (alg: none)', async () => bearerHeader(unsignedToken('demo@example.com'))],
      [
        'an HS256 token (a shared-secret algorithm)',
        async () =>
          bearerHeader(
            await new SignJWT({ email: 'demo@example.com', email_verified: true })
              .setProtectedHeader({ alg: 'HS256', kid: rsa().kid })
              .setIssuer(OIDC_TEST_ENV.OIDC_ISSUER)
              .setAudience(OIDC_TEST_ENV.OIDC_AUDIENCE)
              .setSubject('forger')
              .setExpirationTime('5m')
              .sign(new TextEncoder().encode('a-shared-secret-of-enough-length-0123456789')),
          ),
      ],
      ['a token for another audience', async () => bearerHeader(await tokenFor(rsa(), 'demo@example.com', { audience: 'another-api' }))],
      ['a token from another issuer', async () => bearerHeader(await tokenFor(rsa(), 'demo@example.com', { issuer: 'https://evil.test' }))],
      ['a token whose e-mail is not verified', async () => bearerHeader(await tokenFor(rsa(), 'demo@example.com', { emailVerified: false }))],
      ['a token that does not say whether its e-mail is verified', async () => bearerHeader(await signToken(rsa(), { email: 'demo@example.com' }))],
      ['a token with no e-mail', async () => bearerHeader(await signToken(rsa(), { emailVerified: true }))],
      [
        'a token with a tampered payload',
        async () => {
          const [header, , signature] = (await tokenFor(rsa(), 'someone@example.com')).split('.');
          const forged = Buffer.from(
            JSON.stringify({ iss: OIDC_TEST_ENV.OIDC_ISSUER, aud: OIDC_TEST_ENV.OIDC_AUDIENCE, sub: 'x', email: 'demo@example.com', email_verified: true, exp: 9_999_999_999 }),
          ).toString('base64url');
          return bearerHeader(`${header}.${forged}.${signature}`);
        },
      ],
    ];
    let reference: string | undefined;
    it.each(refusals)('%s', async (_name, headers) => {
      const response = await profile(await headers());
      expectApiError(response, 401, 'UNAUTHORIZED');
      expect(response.headers['www-authenticate']).toBe('Bearer');
      // Byte for byte the same answer, whatever was wrong.
      reference ??= response.body;
      expect(response.body).toBe(reference);
      expect(response.json()).toEqual({ error: { code: 'UNAUTHORIZED', message: 'Please sign in to continue.' } });
    });
  });

  it('follows key rotation: a token of a newly published key is accepted, one of a withdrawn key refused', async () => {
    const next = await signingKey('RS256');
    const before = await tokenFor(rsa(), 'demo@example.com');
    published.publish(next, keys.ec!);
    try {
      expect((await profile(bearerHeader(await tokenFor(next, 'demo@example.com')))).statusCode).toBe(200);
      expectApiError(await profile(bearerHeader(before)), 401, 'UNAUTHORIZED');
    } finally {
      published.publish(keys.rsa!, keys.ec!);
    }
  });

  it('answers 503, not 401, when the provider’s keys cannot be read (the visitor stays signed in)', async () => {
    published.setDown(true);
    try {
      const response = await profile(bearerHeader(await tokenFor(rsa(), 'demo@example.com')));
      expectApiError(response, 503, 'SERVICE_FAILURE');
    } finally {
      published.setDown(false);
    }
  });

  it('gives each customer their own profile only: the token decides whose it is', async () => {
    const other = 'second-customer@example.com';
    await server.app.db.insert(customers).values({ email: other, forename: 'Grace', surname: 'Hopper' });
    const demo = await profile(bearerHeader(await tokenFor(rsa(), 'demo@example.com')));
    const second = await profile(bearerHeader(await tokenFor(rsa(), other)));
    expect(demo.json().data.customer.email).toBe('demo@example.com');
    expect(second.json().data.customer).toMatchObject({ email: other, forename: 'Grace' });
    expect(second.json().data.address).toBeNull();
    // A query naming the other customer changes nothing.
    const sneaky = await server.app.inject({
      method: 'GET',
      url: `/api/account/profile?email=${encodeURIComponent(other)}&customer=${second.json().data.customer.id}`,
      headers: bearerHeader(await tokenFor(rsa(), 'demo@example.com')),
    });
    expect(sneaky.json().data.customer.email).toBe('demo@example.com');
  });
});
