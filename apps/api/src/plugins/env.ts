import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { OPERATOR } from '@tours/domain';
import { z } from 'zod';
import { sharedPlugin } from '../lib/plugin.ts';
import { parseOrigin } from '../lib/site-origin.ts';
import { PRODUCTION_GUARD_HINT, demoParts, productionProblems } from './production-guard.ts';
import { rateLimitConfig, rateLimitSettings, type RateLimitConfig } from './rate-limit-env.ts';

const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../../web/dist', import.meta.url));
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** 'true', '2' or '10.0.0.0/8,127.0.0.1' as Fastify's trustProxy takes them. */
const trustProxySchema = z
  .string()
  .trim()
  .transform((value): boolean | number | string => {
    if (/^(true|false)$/i.test(value)) return value.toLowerCase() === 'true';
    if (/^\d+$/.test(value)) return Number(value);
    return value;
  });

/** 'https://tours.example, https://www.tours.example': origins separated by commas or spaces. */
const originListSchema = z
  .string()
  .transform((value, ctx) => {
    const origins: string[] = [];
    for (const entry of value.split(/[\s,]+/).filter(Boolean)) {
      const origin = parseOrigin(entry);
      if (origin === null) ctx.addIssue({ code: 'custom', message: `'${entry}' is not an origin: use scheme, host and port only, such as https://tours.example` });
      else if (!origins.includes(origin)) origins.push(origin);
    }
    return origins;
  });

/**
 * Every setting the API reads, checked once at start-up. Empty values count
 * as unset. Described in apps/api/README.md.
 */
export const envSchema = z
  .object({
    /** development: pretty logs; production: JSON logs; test: quiet logs. */
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    /** 1: sandboxes and the demo seed are wanted even with NODE_ENV=production (production-guard.ts). */
    DEMO: z
      .enum(['1', 'true', '0', 'false'], { message: 'Use DEMO=1 to run the demo on purpose, or leave it unset' })
      .default('0')
      .transform((value) => value === '1' || value === 'true'),
    HOST: z.string().min(1).default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
    LOG_LEVEL: z.enum(LOG_LEVELS).optional(),
    /** Defaults to pretty in development on a terminal, JSON elsewhere (a file, a pipe, a log collector, production). */
    LOG_FORMAT: z.enum(['pretty', 'json']).optional(),
    /**
     * How long a hot read (catalogue, tour pages, tour lookup, a departure's option catalogue) is served
     * from this replica's memory; 0 turns the cache off. Writes on this replica clear it at once; other
     * replicas' writes show within this time (docs/decisions/0014-hot-read-cache.md). Default 1000, 0 under NODE_ENV=test.
     */
    READ_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).optional(),
    /** PGlite data directory (relative to the working directory), or memory:// for a throwaway database. */
    DATA_DIR: z.string().min(1).default('./.data'),
    /** A PostgreSQL server (postgres://user@host:port/db); when set, DATA_DIR is not used. */
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'Use a postgres:// or postgresql:// URL')
      .optional(),
    DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
    /**
     * The site's address, for links read away from it (e-mails). Set, it is
     * also the one origin the site is served at (with ALLOWED_ORIGINS); unset,
     * the site follows each request's origin (docs/decisions/0008-site-origin.md).
     */
    PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
    /** More origins the site is served at besides PUBLIC_URL's (https://www.tours.example); a request from any other gets a 403. */
    ALLOWED_ORIGINS: originListSchema.optional(),
    /** The built SPA (apps/web/dist); relative paths are read from the working directory. */
    WEB_DIST: z.string().min(1).default(DEFAULT_WEB_DIST),
    /** demo: load the demo data set once at start-up; none: leave the database as it is. */
    SEED: z.enum(['demo', 'none']).default('demo'),
    /**
     * Behind a load balancer: true, a hop count or trusted addresses and ranges
     * (10.0.0.0/8, loopback). Requests from a trusted proxy are read with their
     * X-Forwarded-For (the visitor's IP), X-Forwarded-Host and -Proto (the
     * site's origin); anyone else's forwarded headers are ignored.
     */
    TRUST_PROXY: trustProxySchema.default(false),
    /** sandbox: deterministic answers from the client IP; http: a real IP-geolocation service. */
    GEOLOCATION_PROVIDER: z.enum(['sandbox', 'http']).default('sandbox'),
    /** http provider: URL template with {ip}, e.g. https://ipinfo.io/{ip}/json. */
    GEOLOCATION_URL: z.url({ protocol: /^https?$/ }).optional(),
    /** Token callers must send as ?token= to the sandbox, and the token sent to the http provider. */
    GEOLOCATION_TOKEN: z.string().min(1).default('sandbox-geolocation-token'),
    GEOLOCATION_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(3000),
    /** sandbox: built-in addresses for a few postcodes; http: a getAddress-style service. */
    POSTCODE_PROVIDER: z.enum(['sandbox', 'http']).default('sandbox'),
    /** http provider: URL template with {postcode}, e.g. https://api.getAddress.io/find/{postcode}. */
    POSTCODE_URL: z.url({ protocol: /^https?$/ }).optional(),
    /** http provider: the service's key, sent as ?api-key=. */
    POSTCODE_API_KEY: z.string().min(1).optional(),
    POSTCODE_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(3000),
    /** How often expired holds are released; 0 turns the sweeper off (availability ignores expired holds anyway). */
    HOLD_SWEEP_INTERVAL_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
    /** sandbox: our own card provider, served at /pay; http: a provider elsewhere speaking the same API. */
    PAYMENT_PROVIDER: z.enum(['sandbox', 'http']).default('sandbox'),
    /** The provider's base URL (its sdk.js, frame and server API live under it); unset, the sandbox at /pay on the site's own origin. */
    PAYMENT_PROVIDER_URL: z.url({ protocol: /^https?$/ }).optional(),
    /** Secret key for the provider's server API; the sandbox checks the same value. */
    PAYMENT_SECRET_KEY: z.string().min(16, 'Use at least 16 characters').optional(),
    /** How long a call to the provider's server API may take before it counts as failed (502 to the visitor, retried by reconciliation). */
    PAYMENT_PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
    /** How long a payment token (one opened card form) stays usable; the sandbox provider enforces it. */
    PAYMENT_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(86_400).default(900),
    /** The provider signs its notifications with this secret (HMAC-SHA256); we verify them with it. */
    PAYMENT_WEBHOOK_SECRET: z.string().min(16, 'Use at least 16 characters').optional(),
    /** sandbox provider: where it sends its notifications (a real provider is told this in its dashboard). */
    PAYMENT_WEBHOOK_URL: z.url({ protocol: /^https?$/ }).optional(),
    /** sandbox provider: how often undelivered notifications are retried; 0 turns retries off. */
    PAYMENT_WEBHOOK_RETRY_INTERVAL_MS: z.coerce.number().int().min(0).max(3_600_000).default(5000),
    /** How often payment requests past their expiry and unsettled payments are reconciled with the provider; 0 turns it off. */
    PAYMENT_RECONCILE_INTERVAL_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
    /** Every database statement is cancelled after this long, and a lock wait after DATABASE_LOCK_TIMEOUT_MS. */
    DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
    DATABASE_LOCK_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
    /** sandbox: e-mails are marked sent and shown at /dev/mailbox; smtp: sent through SMTP_URL. */
    MAIL_PROVIDER: z.enum(['sandbox', 'smtp']).default('sandbox'),
    /** smtp provider: smtp://user:pass@host:587 or smtps://user:pass@host:465. */
    SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
    /** The From of every e-mail: an address, or 'Name <address>'. */
    MAIL_FROM: z
      .string()
      .trim()
      .regex(/^([^<>@]*<[^<>@\s]+@[^<>@\s]+>|[^<>@\s]+@[^<>@\s]+)$/, "Use an address, or 'Name <address>'")
      .optional(),
    /** How often the outbox relay sends pending e-mails; 0 turns it off (e-mails wait in the outbox). */
    MAIL_RELAY_INTERVAL_MS: z.coerce.number().int().min(0).max(3_600_000).default(2000),
    /** sandbox: our own OpenID Connect provider, served at /idp; oidc: any standard provider at OIDC_ISSUER (README, 'Identity provider'). */
    IDENTITY_PROVIDER: z.enum(['sandbox', 'oidc']).default('sandbox'),
    /** The provider's issuer URL (its discovery document is at /.well-known/openid-configuration under it); unset in sandbox mode, the site's origin + /idp. */
    OIDC_ISSUER: z.url({ protocol: /^https?$/ }).optional(),
    /** The web app's client id at the provider: a public client with PKCE. */
    OIDC_CLIENT_ID: z.string().trim().min(1).default('tours-web'),
    /** The audience (API identifier) of access tokens for this API. */
    OIDC_AUDIENCE: z.string().trim().min(1).default('tours-api'),
    /** The scopes the web app asks for (space-separated); some providers want offline_access for refresh tokens, or an API scope (Entra: api://.../access). */
    OIDC_SCOPE: z.string().trim().min(1).default('openid email'),
    /** sandbox provider: its signing keys as a JWKS ({"keys":[...]} with private parts); unset, keys are generated once and kept in the database. */
    OIDC_JWKS: z.string().trim().min(1).optional(),
    /** Rate limits (rate-limit-env.ts): agent verification, sign-in codes, promotional codes, postcode lookups. */
    ...rateLimitSettings,
    /** How long a verification token lets its holder register the agent and staff member on bookings. */
    AGENT_VERIFICATION_TTL_SECONDS: z.coerce.number().int().min(60).max(604_800).default(43_200),
    /** Test-only switches (POST /api/testing/faults); never in production. */
    TEST_FAULTS: z
      .enum(['true', 'false'])
      .default('false')
      .transform((value) => value === 'true'),
  })
  .superRefine((env, ctx) => {
    if (env.GEOLOCATION_PROVIDER === 'http' && !env.GEOLOCATION_URL) {
      ctx.addIssue({ code: 'custom', path: ['GEOLOCATION_URL'], message: 'Required when GEOLOCATION_PROVIDER is http' });
    }
    if (env.POSTCODE_PROVIDER === 'http') {
      for (const name of ['POSTCODE_URL', 'POSTCODE_API_KEY'] as const) {
        if (!env[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'Required when POSTCODE_PROVIDER is http' });
      }
    }
    if (env.PAYMENT_PROVIDER === 'http' && !env.PAYMENT_PROVIDER_URL) {
      ctx.addIssue({ code: 'custom', path: ['PAYMENT_PROVIDER_URL'], message: 'Required when PAYMENT_PROVIDER is http' });
    }
    // The sandbox key is public (it is in the README): fine for a sandbox that only takes test cards, never for a real provider.
    if (env.PAYMENT_PROVIDER === 'http') {
      for (const name of ['PAYMENT_SECRET_KEY', 'PAYMENT_WEBHOOK_SECRET'] as const) {
        if (!env[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'Required when PAYMENT_PROVIDER is http' });
      }
    }
    if (env.IDENTITY_PROVIDER === 'oidc' && !env.OIDC_ISSUER) {
      ctx.addIssue({ code: 'custom', path: ['OIDC_ISSUER'], message: 'Required when IDENTITY_PROVIDER is oidc' });
    }
    // The sandbox is mounted at /idp: an issuer anywhere else would name a discovery document nobody serves.
    if (env.IDENTITY_PROVIDER === 'sandbox' && env.OIDC_ISSUER && new URL(env.OIDC_ISSUER).pathname.replace(/\/+$/, '') !== '/idp') {
      ctx.addIssue({ code: 'custom', path: ['OIDC_ISSUER'], message: 'The sandbox provider is served at /idp: use https://your.site/idp, or leave OIDC_ISSUER unset' });
    }
    if (env.OIDC_JWKS !== undefined && !isPrivateJwks(env.OIDC_JWKS)) {
      ctx.addIssue({ code: 'custom', path: ['OIDC_JWKS'], message: 'Use a JSON Web Key Set with private RSA or EC keys: {"keys":[{"kty":"RSA","d":...}]}' });
    }
    if (env.MAIL_PROVIDER === 'smtp' && !env.SMTP_URL) {
      ctx.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'Required when MAIL_PROVIDER is smtp' });
    }
    // The fault switch makes a paid booking fail on purpose: a production server must not even be able to turn it on, demo or not.
    if (env.TEST_FAULTS && env.NODE_ENV === 'production') {
      ctx.addIssue({ code: 'custom', path: ['TEST_FAULTS'], message: 'Test faults cannot be enabled when NODE_ENV is production' });
    }
    for (const problem of productionProblems(env)) {
      ctx.addIssue({ code: 'custom', path: [problem.setting], message: problem.message, params: { productionGuard: true } });
    }
  });

function isPrivateJwks(value: string): boolean {
  try {
    const parsed = JSON.parse(value) as { keys?: unknown };
    return Array.isArray(parsed.keys) && parsed.keys.length > 0 && parsed.keys.every((key) => typeof key === 'object' && key !== null && 'd' in key && ['RSA', 'EC'].includes((key as { kty?: string }).kty ?? ''));
  } catch {
    return false;
  }
}

/** The operator's own domain, from its enquiry address, so a white-label operator changes operator.ts only. */
const OPERATOR_MAIL_DOMAIN = OPERATOR.enquiryUrl.replace(/^mailto:/, '').split('@')[1] ?? 'example.com';
export const DEFAULT_MAIL_FROM = `${OPERATOR.companyName} <bookings@${OPERATOR_MAIL_DOMAIN}>`;

/** The sandbox provider's default key; documented, so never a secret (see the check above). */
export const SANDBOX_PAYMENT_SECRET_KEY = 'sk_sandbox_meridian_0000000000000000';
/** The sandbox provider's default notification signing secret; as public as the key above. */
export const SANDBOX_PAYMENT_WEBHOOK_SECRET = 'whsec_sandbox_meridian_000000000000';

export type LogLevel = (typeof LOG_LEVELS)[number];

export interface AppConfig {
  nodeEnv: 'development' | 'test' | 'production';
  /** What makes this server a demo (sandboxes, demo seed, no PUBLIC_URL), setting by setting; production starts with any only under DEMO=1. */
  demoParts: string[];
  host: string;
  port: number;
  logLevel: LogLevel;
  logFormat: 'pretty' | 'json';
  /** Hot reads are served from memory this long (0: not cached). */
  readCacheTtlMs: number;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolMax: number;
  /** Every connection's statement_timeout and lock_timeout, in milliseconds. */
  databaseTimeouts: { statementMs: number; lockMs: number };
  /** PUBLIC_URL without a trailing slash, when set: links in e-mails use it. */
  publicUrl: string | undefined;
  /** The origins the site is served at: PUBLIC_URL's, then ALLOWED_ORIGINS; empty: whatever origin a request names (lib/site-origin.ts). */
  allowedOrigins: string[];
  /** http://localhost:PORT: the server's address for itself (logs, in-process calls), and the last resort for links. */
  internalUrl: string;
  webDist: string;
  seed: 'demo' | 'none';
  trustProxy: boolean | number | string;
  geolocation: {
    provider: 'sandbox' | 'http';
    url: string | undefined;
    token: string;
    timeoutMs: number;
  };
  postcodes: {
    provider: 'sandbox' | 'http';
    url: string | undefined;
    apiKey: string | undefined;
    timeoutMs: number;
  };
  /** Milliseconds between sweeps of expired holds; 0 when the sweeper is off. */
  holdSweepIntervalMs: number;
  payments: {
    provider: 'sandbox' | 'http';
    /** Base URL of the provider, no trailing slash: `${url}/sdk.js`, `${url}/api/tokens`. */
    url: string;
    /** The sandbox mounted in this app with no PAYMENT_PROVIDER_URL: browsers load it from /pay on whatever origin they opened the site at. */
    onSite: boolean;
    secretKey: string;
    /** Milliseconds a call to the provider's server API may take. */
    timeoutMs: number;
    tokenTtlSeconds: number;
    webhookSecret: string;
    /** sandbox provider only: where its notifications go. */
    webhookUrl: string;
    webhookRetryIntervalMs: number;
    reconcileIntervalMs: number;
  };
  mail: {
    provider: 'sandbox' | 'smtp';
    smtpUrl: string | undefined;
    from: string;
    /** Milliseconds between outbox relay runs; 0 when the relay is off. */
    relayIntervalMs: number;
  };
  identity: {
    /** sandbox: the provider at /idp on the site's origin; oidc: an external provider. */
    provider: 'sandbox' | 'oidc';
    /** The issuer, no trailing slash; null: the sandbox on each request's site origin, `${origin}/idp` (docs/decisions/0010-identity-provider.md). */
    issuer: string | null;
    clientId: string;
    audience: string;
    /** What the web app asks for, space-separated. */
    scope: string;
    /** sandbox: configured signing keys (private JWKs); undefined: generated and kept in the database. */
    jwks: { keys: Record<string, unknown>[] } | undefined;
  };
  /** Travel agent verification: its limits and how long a verification lasts (docs/decisions/0013). */
  agents: {
    verifyClientLimit: number;
    verifyAgentFailureLimit: number;
    verifyWindowSeconds: number;
    verificationTtlSeconds: number;
  };
  /** Every rate limit but the agents' (their own above), and the sweep of ended counters. */
  rateLimits: RateLimitConfig;
  /** POST /api/testing/faults is mounted; never in production. */
  testFaults: boolean;
}

export type RawEnv = Record<string, string | undefined>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export const DEFAULT_READ_CACHE_TTL_MS = 1000;

/**
 * Pretty lines are for a person watching a terminal in development; anything
 * else (a file, a pipe, a collector, production) gets one JSON object a line,
 * which costs no worker thread and no second formatting pass.
 */
export const defaultLogFormat = (nodeEnv: AppConfig['nodeEnv'], interactive: boolean): AppConfig['logFormat'] =>
  nodeEnv === 'development' && interactive ? 'pretty' : 'json';

/** `interactive`: whether stdout is a terminal (process.stdout.isTTY), which decides the default log format. */
export function loadConfig(source: RawEnv = process.env, interactive = Boolean(process.stdout.isTTY)): AppConfig {
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value.trim() !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`).join('\n');
    const guarded = parsed.error.issues.some((issue) => issue.code === 'custom' && issue.params?.productionGuard === true);
    throw new ConfigError(`Invalid environment:\n${problems}${guarded ? `\n${PRODUCTION_GUARD_HINT}` : ''}`);
  }
  const env = parsed.data;
  const defaultLogLevel: LogLevel = env.NODE_ENV === 'test' ? 'silent' : 'info';
  const publicUrl = env.PUBLIC_URL?.replace(/\/+$/, '');
  const internalUrl = `http://localhost:${env.PORT}`;
  const allowedOrigins = [...new Set([...(publicUrl ? [new URL(publicUrl).origin] : []), ...(env.ALLOWED_ORIGINS ?? [])])];
  // Server-to-server defaults: the sandbox and its webhook are this app, which calls itself in-process (app.inject), so any of its addresses will do.
  const selfUrl = publicUrl ?? internalUrl;
  return {
    nodeEnv: env.NODE_ENV,
    demoParts: demoParts(env).map((part) => part.setting),
    host: env.HOST,
    port: env.PORT,
    logLevel: env.LOG_LEVEL ?? defaultLogLevel,
    logFormat: env.LOG_FORMAT ?? defaultLogFormat(env.NODE_ENV, interactive),
    // Tests change the database behind the API's back, as an operator would; they ask for the cache where they test it.
    readCacheTtlMs: env.READ_CACHE_TTL_MS ?? (env.NODE_ENV === 'test' ? 0 : DEFAULT_READ_CACHE_TTL_MS),
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    databasePoolMax: env.DATABASE_POOL_MAX,
    databaseTimeouts: { statementMs: env.DATABASE_STATEMENT_TIMEOUT_MS, lockMs: env.DATABASE_LOCK_TIMEOUT_MS },
    publicUrl,
    allowedOrigins,
    internalUrl,
    webDist: resolve(env.WEB_DIST),
    seed: env.SEED,
    trustProxy: env.TRUST_PROXY,
    geolocation: {
      provider: env.GEOLOCATION_PROVIDER,
      url: env.GEOLOCATION_URL,
      token: env.GEOLOCATION_TOKEN,
      timeoutMs: env.GEOLOCATION_TIMEOUT_MS,
    },
    postcodes: {
      provider: env.POSTCODE_PROVIDER,
      url: env.POSTCODE_URL,
      apiKey: env.POSTCODE_API_KEY,
      timeoutMs: env.POSTCODE_TIMEOUT_MS,
    },
    holdSweepIntervalMs: env.HOLD_SWEEP_INTERVAL_MS,
    payments: {
      provider: env.PAYMENT_PROVIDER,
      url: (env.PAYMENT_PROVIDER_URL ?? `${selfUrl}/pay`).replace(/\/+$/, ''),
      onSite: env.PAYMENT_PROVIDER === 'sandbox' && env.PAYMENT_PROVIDER_URL === undefined,
      secretKey: env.PAYMENT_SECRET_KEY ?? SANDBOX_PAYMENT_SECRET_KEY,
      timeoutMs: env.PAYMENT_PROVIDER_TIMEOUT_MS,
      tokenTtlSeconds: env.PAYMENT_TOKEN_TTL_SECONDS,
      webhookSecret: env.PAYMENT_WEBHOOK_SECRET ?? SANDBOX_PAYMENT_WEBHOOK_SECRET,
      webhookUrl: env.PAYMENT_WEBHOOK_URL ?? `${selfUrl}/api/payments/notifications`,
      webhookRetryIntervalMs: env.PAYMENT_WEBHOOK_RETRY_INTERVAL_MS,
      reconcileIntervalMs: env.PAYMENT_RECONCILE_INTERVAL_MS,
    },
    mail: {
      provider: env.MAIL_PROVIDER,
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM ?? DEFAULT_MAIL_FROM,
      relayIntervalMs: env.MAIL_RELAY_INTERVAL_MS,
    },
    identity: {
      provider: env.IDENTITY_PROVIDER,
      issuer: identityIssuer(env.IDENTITY_PROVIDER, env.OIDC_ISSUER, publicUrl),
      clientId: env.OIDC_CLIENT_ID,
      audience: env.OIDC_AUDIENCE,
      scope: env.OIDC_SCOPE,
      jwks: env.OIDC_JWKS === undefined ? undefined : (JSON.parse(env.OIDC_JWKS) as { keys: Record<string, unknown>[] }),
    },
    agents: {
      verifyClientLimit: env.AGENT_VERIFY_CLIENT_LIMIT,
      verifyAgentFailureLimit: env.AGENT_VERIFY_AGENT_FAILURE_LIMIT,
      verifyWindowSeconds: env.AGENT_VERIFY_WINDOW_SECONDS,
      verificationTtlSeconds: env.AGENT_VERIFICATION_TTL_SECONDS,
    },
    rateLimits: rateLimitConfig(env),
    testFaults: env.TEST_FAULTS,
  };
}

/** An external provider's issuer as configured; the sandbox's is fixed by OIDC_ISSUER or PUBLIC_URL, else it follows the request (null). */
function identityIssuer(provider: 'sandbox' | 'oidc', issuer: string | undefined, publicUrl: string | undefined): string | null {
  // An external issuer is compared character for character with the tokens' iss (Auth0's ends with a slash): kept exactly as set.
  if (issuer) return provider === 'oidc' ? issuer : issuer.replace(/\/+$/, '');
  if (provider === 'sandbox' && publicUrl) return `${new URL(publicUrl).origin}/idp`;
  return null;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
  }
}

export const envPlugin = sharedPlugin('env', async (app, options: { config: AppConfig }) => {
  app.decorate('config', options.config);
  // Following the request's origin is for development and demos: in production a forged Host could bind a card form or a link to another site.
  if (options.config.nodeEnv === 'production' && options.config.demoParts.length > 0) {
    app.log.warn({ demo: options.config.demoParts }, 'DEMO=1: running as a demo with NODE_ENV=production (sandboxes or demo data are on)');
  }
  if (options.config.nodeEnv === 'production' && options.config.allowedOrigins.length === 0) {
    app.log.warn('PUBLIC_URL and ALLOWED_ORIGINS are unset: the site is served at whatever origin a request names. Set PUBLIC_URL in production.');
  }
});
