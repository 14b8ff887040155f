import { z } from 'zod';
import { defineSlice, setting } from './setting.ts';

/** How long a hot read is served from memory unless READ_CACHE_TTL_MS says otherwise (docs/decisions/0014-hot-read-cache.md). */
const DEFAULT_READ_CACHE_TTL_MS = 1000;

/** 'true', '2' or '10.0.0.0/8,127.0.0.1' as Fastify's trustProxy takes them. */
const trustProxySchema = z
  .string()
  .trim()
  .transform((value): boolean | number | string => {
    if (/^(true|false)$/i.test(value)) return value.toLowerCase() === 'true';
    if (/^\d+$/.test(value)) return Number(value);
    return value;
  });

/** The server's address for itself (logs, in-process calls to its own sandboxes), and the last resort for links. */
export const internalUrlOf = (port: number) => `http://localhost:${port}`;

export const server = defineSlice({
  title: 'Server',
  summary: 'The process: which mode it runs in, where it listens, whose forwarded headers it believes, how long hot reads are kept.',
  settings: {
    nodeEnv: setting(
      'NODE_ENV',
      z.enum(['development', 'test', 'production']).default('development'),
      '`development` (pretty logs), `test` (silent logs), `production` (JSON logs, and no demo: see `DEMO`)',
    ),
    demo: setting(
      'DEMO',
      z
        .enum(['1', 'true', '0', 'false'], { message: 'Use DEMO=1 to run the demo on purpose, or leave it unset' })
        .optional()
        .transform((value) => value === '1' || value === 'true'),
      'With `NODE_ENV=production` the server refuses to start on a sandbox (`PAYMENT_PROVIDER`, `IDENTITY_PROVIDER`, `POSTCODE_PROVIDER`, `GEOLOCATION_PROVIDER`, `MAIL_PROVIDER`), `SEED=demo` or a missing `PUBLIC_URL`, naming each and its fix (`src/config/production-guard.ts`). `1` (or `true`) runs the demo in production on purpose, with a warning listing what makes it one. Ignored outside production. `TEST_FAULTS` is refused in production either way',
    ),
    host: setting('HOST', z.string().min(1).default('0.0.0.0'), 'Address to listen on'),
    port: setting('PORT', z.coerce.number().int().min(0).max(65_535).default(3000), 'Port to listen on'),
    trustProxy: setting(
      'TRUST_PROXY',
      trustProxySchema.default(false),
      'Behind a load balancer: `true`, a hop count, or trusted addresses and ranges (`10.0.0.0/8,loopback`). Requests from a trusted peer are read with their `X-Forwarded-For` (client IP), `X-Forwarded-Host` and `X-Forwarded-Proto` (the site\'s origin); others\' forwarded headers are ignored',
    ),
    readCacheTtlMs: setting(
      'READ_CACHE_TTL_MS',
      z.coerce.number().int().min(0).max(60_000).optional(),
      "How long a hot read (catalogue, tour pages, tour lookup, a departure's option lists) is served from this replica's memory; `0` turns the cache off. Writes on this replica clear it at once; other replicas' writes show within this time (docs/decisions/0014)",
      { shownDefault: `\`${DEFAULT_READ_CACHE_TTL_MS}\` (\`0\` in test)` },
    ),
  },
  // DEMO is read by the production guard (production-guard.ts) from the environment as a whole; AppConfig carries its outcome, demoParts.
  derive: ({ demo: _demo, readCacheTtlMs, ...settings }, { nodeEnv }) => ({
    ...settings,
    internalUrl: internalUrlOf(settings.port),
    // Tests change the database behind the API's back, as an operator would; they ask for the cache where they test it.
    readCacheTtlMs: readCacheTtlMs ?? (nodeEnv === 'test' ? 0 : DEFAULT_READ_CACHE_TTL_MS),
  }),
});
