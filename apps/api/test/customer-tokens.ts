import { randomUUID } from 'node:crypto';
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { KeySetUnavailable, type KeySource } from '../src/modules/customers/index.ts';

/**
 * Customer access tokens as an identity provider signs them, with keys made
 * in the test, so every way a token can be wrong can be made on purpose.
 */

/** The issuer and audience the test apps are configured with (IDENTITY_PROVIDER=oidc). */
export const TEST_ISSUER = 'https://issuer.test';
export const TEST_AUDIENCE = 'tours-api';
export const OIDC_TEST_ENV = { IDENTITY_PROVIDER: 'oidc', OIDC_ISSUER: TEST_ISSUER, OIDC_AUDIENCE: TEST_AUDIENCE };

export interface SigningKey {
  kid: string;
  alg: 'RS256' | 'ES256';
  privateKey: CryptoKey;
  publicJwk: JWK;
}

export async function signingKey(alg: 'RS256' | 'ES256' = 'RS256'): Promise<SigningKey> {
  const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true });
  const kid = randomUUID();
  return { kid, alg, privateKey, publicJwk: { ...(await exportJWK(publicKey)), kid, alg, use: 'sig' } };
}

export interface TokenOptions {
  email?: string | undefined;
  emailVerified?: boolean | undefined;
  subject?: string;
  issuer?: string;
  audience?: string;
  /** Seconds from now; negative for an expired token. */
  expiresIn?: number;
  claims?: JWTPayload;
}

export async function signToken(key: SigningKey, options: TokenOptions = {}): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const payload: JWTPayload = { ...options.claims };
  if (options.email !== undefined) payload.email = options.email;
  if (options.emailVerified !== undefined) payload.email_verified = options.emailVerified;
  return new SignJWT(payload)
    .setProtectedHeader({ alg: key.alg, kid: key.kid, typ: 'at+jwt' })
    .setIssuer(options.issuer ?? TEST_ISSUER)
    .setAudience(options.audience ?? TEST_AUDIENCE)
    .setSubject(options.subject ?? `sub-${randomUUID()}`)
    .setIssuedAt(now)
    .setExpirationTime(now + (options.expiresIn ?? 300))
    .sign(key.privateKey);
}

/** A good token for the address: verified, for this API, from the test issuer. */
export const tokenFor = (key: SigningKey, email: string, options: TokenOptions = {}) => signToken(key, { email, emailVerified: true, ...options });

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** An unsigned token (`alg: none`) with good claims. */
export function unsignedToken(email: string): string {
  const now = Math.floor(Date.now() / 1000);
  const claims = { iss: TEST_ISSUER, aud: TEST_AUDIENCE, sub: 'forger', email, email_verified: true, iat: now, exp: now + 300 };
  return `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(claims)}.`;
}

/** The test issuer's published keys, which a test may rotate or take down. */
export function testKeySource(...keys: SigningKey[]) {
  let published = keys;
  let down = false;
  let getKey: JWTVerifyGetKey = createLocalJWKSet({ keys: published.map((k) => k.publicJwk) });
  const source: KeySource = () => async (header, token) => {
    if (down) throw new KeySetUnavailable('test: the provider is down');
    return getKey(header, token);
  };
  return {
    source,
    publish(...next: SigningKey[]) {
      published = next;
      getKey = createLocalJWKSet({ keys: published.map((k) => k.publicJwk) });
    },
    setDown(value: boolean) {
      down = value;
    },
  };
}

export const bearerHeader = (token: string) => ({ authorization: `Bearer ${token}` });
