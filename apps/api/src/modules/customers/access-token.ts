import { createLocalJWKSet, createRemoteJWKSet, customFetch, errors, jwtVerify, type FetchImplementation, type JWK, type JWTVerifyGetKey } from 'jose';

/**
 * The customer's access token: a JWT the identity provider signs for this
 * API (RFC 9068), checked here without ever asking the provider per request.
 * Why this shape: docs/decisions/0011-customer-tokens.md.
 */

/** Asymmetric algorithms only: 'none' and HMAC (whose key would be a shared secret) never verify a customer. */
export const ACCESS_TOKEN_ALGORITHMS = ['RS256', 'ES256'];

/** Seconds of clock difference between the provider and us that an expiry or not-before still tolerates. */
const CLOCK_TOLERANCE_SECONDS = 5;

/** Who a verified token speaks for: a customer is found by the e-mail, compared lower-case. */
export interface CustomerIdentity {
  subject: string;
  email: string;
  /**
   * How the provider says the person signed in: RFC 8176 methods (`amr`)
   * and the context class (`acr`), when its token carries them. Only the
   * staff console reads them: a real provider's multi-factor sign-in is a
   * staff member's second factor (docs/decisions/0018-staff-console.md).
   */
  amr: string[];
  acr: string | null;
}

/** The keys that verify tokens of an issuer; the function is asked per token, so it may follow key rotation. */
export type KeySource = (issuer: string) => JWTVerifyGetKey;

/** The provider's keys could not be read (down, slow, answering nonsense): our failure, not the caller's. */
export class KeySetUnavailable extends Error {
  override name = 'KeySetUnavailable';
}

/** Three base64url segments (the last empty for an unsigned token): shaped like a JWT, unlike a booking token. */
const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;
export const looksLikeJwt = (token: string): boolean => JWT_SHAPE.test(token);

export interface VerifyOptions {
  issuer: string;
  audience: string;
  keys: JWTVerifyGetKey;
  now: Date;
}

/**
 * The identity a token proves, or null for any token that proves none:
 * malformed, unsigned, signed with another key or algorithm, for another
 * issuer or audience, expired, or without a verified e-mail. Throws
 * KeySetUnavailable only when the provider's keys could not be read.
 */
export async function verifyAccessToken(token: string, options: VerifyOptions): Promise<CustomerIdentity | null> {
  try {
    const { payload } = await jwtVerify(token, options.keys, {
      issuer: options.issuer,
      audience: options.audience,
      algorithms: ACCESS_TOKEN_ALGORITHMS,
      currentDate: options.now,
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      requiredClaims: ['exp', 'sub'],
    });
    const { sub, email, email_verified: emailVerified, amr, acr } = payload as { sub?: unknown; email?: unknown; email_verified?: unknown; amr?: unknown; acr?: unknown };
    // An unverified address could be anyone's: it never opens the account of the person it names.
    if (typeof sub !== 'string' || sub === '' || typeof email !== 'string' || emailVerified !== true) return null;
    const normalised = email.trim().toLowerCase();
    if (!/^[^@\s]+@[^@\s]+$/.test(normalised)) return null;
    const methods = Array.isArray(amr) ? amr.filter((method): method is string => typeof method === 'string') : [];
    return { subject: sub, email: normalised, amr: methods, acr: typeof acr === 'string' && acr !== '' ? acr : null };
  } catch (error) {
    if (error instanceof KeySetUnavailable) throw error;
    return null;
  }
}

/** Errors of a key set that was read but holds no key for the token: the token's fault. */
const TOKEN_FAULTS = [errors.JWKSNoMatchingKey, errors.JWKSMultipleMatchingKeys, errors.JOSENotSupported, errors.JOSEAlgNotAllowed];

/** A key getter whose failures to read the key set become KeySetUnavailable. */
function distinguishOutages(getKey: JWTVerifyGetKey): JWTVerifyGetKey {
  return async (header, token) => {
    try {
      return await getKey(header, token);
    } catch (error) {
      if (TOKEN_FAULTS.some((fault) => error instanceof fault)) throw error;
      throw new KeySetUnavailable('The identity provider’s signing keys could not be read', { cause: error });
    }
  };
}

const FETCH_TIMEOUT_MS = 5000;
/** A token with a key id we do not know makes us read the set again, at most this often (rotation, without letting a forger hammer the provider). */
const REFETCH_COOLDOWN_MS = 30_000;
/** Keys are read again this often even when every token matches, so a withdrawn key stops verifying. */
const KEY_SET_MAX_AGE_MS = 10 * 60_000;

export interface RemoteKeyOptions {
  fetchImpl?: FetchImplementation;
  /** Milliseconds between reads of the key set for unknown key ids. */
  cooldownMs?: number;
}

async function readJson(fetchImpl: FetchImplementation, url: string): Promise<unknown> {
  const response = await fetchImpl(url, {
    method: 'GET',
    headers: new Headers({ accept: 'application/json' }),
    redirect: 'manual',
    signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
  });
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  return response.json();
}

/**
 * The issuer's JWKS as its discovery document names it, read over HTTP
 * (or through `fetchImpl`) and kept for a while: a token signed with a key
 * the cached set lacks makes it read the set again (key rotation). The
 * discovery document must name the same issuer (OpenID Connect Discovery 4.3).
 */
export function discoveredKeySet(issuer: string, options: RemoteKeyOptions = {}): JWTVerifyGetKey {
  const { fetchImpl = fetch, cooldownMs = REFETCH_COOLDOWN_MS } = options;
  let keySet: Promise<JWTVerifyGetKey> | null = null;
  const discover = async (): Promise<JWTVerifyGetKey> => {
    const document = (await readJson(fetchImpl, `${issuer}/.well-known/openid-configuration`)) as { issuer?: unknown; jwks_uri?: unknown };
    if (document.issuer !== issuer) throw new Error(`The discovery document of ${issuer} names another issuer`);
    if (typeof document.jwks_uri !== 'string') throw new Error(`The discovery document of ${issuer} names no jwks_uri`);
    return createRemoteJWKSet(new URL(document.jwks_uri), {
      timeoutDuration: FETCH_TIMEOUT_MS,
      cooldownDuration: cooldownMs,
      cacheMaxAge: KEY_SET_MAX_AGE_MS,
      [customFetch]: fetchImpl,
    });
  };
  return distinguishOutages(async (header, token) => {
    keySet ??= discover().catch((error: unknown) => {
      // A failed discovery is tried again by the next token, not remembered.
      keySet = null;
      throw error;
    });
    return (await keySet)(header, token);
  });
}

/** One discovered key set per issuer, for an external provider (one issuer, by configuration). */
export function remoteKeySource(options: RemoteKeyOptions = {}): KeySource {
  const byIssuer = new Map<string, JWTVerifyGetKey>();
  return (issuer) => {
    let keys = byIssuer.get(issuer);
    if (!keys) {
      keys = discoveredKeySet(issuer, options);
      byIssuer.set(issuer, keys);
    }
    return keys;
  };
}

/** The members of a private JWK that make it private; a verifier holds public keys only. */
const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k'];
const publicPart = (jwk: Record<string, unknown>) => Object.fromEntries(Object.entries(jwk).filter(([name]) => !PRIVATE_MEMBERS.includes(name)));

/**
 * A key set read through `load` (the sandbox provider's keys, kept in the
 * database) and cached like a remote one: read again after a while, and
 * sooner when a token names a key the cached set lacks (a rotation another
 * replica made), at most once per cooldown: a read of our own database is
 * cheap, so the cooldown is shorter than a remote provider's.
 */
export function reloadingKeySet(load: () => Promise<{ keys: Record<string, unknown>[] }>, cooldownMs = 5000): JWTVerifyGetKey {
  let cached: { getKey: JWTVerifyGetKey; readAt: number } | null = null;
  let loading: Promise<JWTVerifyGetKey> | null = null;
  const reload = () => {
    loading ??= load()
      .then((jwks) => {
        const getKey = createLocalJWKSet({ keys: jwks.keys.map(publicPart) as JWK[] });
        cached = { getKey, readAt: Date.now() };
        return getKey;
      })
      .finally(() => {
        loading = null;
      });
    return loading;
  };
  return distinguishOutages(async (header, token) => {
    const current = cached as { getKey: JWTVerifyGetKey; readAt: number } | null;
    if (!current || Date.now() - current.readAt > KEY_SET_MAX_AGE_MS) return (await reload())(header, token);
    try {
      return await current.getKey(header, token);
    } catch (error) {
      if (!(error instanceof errors.JWKSNoMatchingKey) || Date.now() - current.readAt < cooldownMs) throw error;
      return (await reload())(header, token);
    }
  });
}
