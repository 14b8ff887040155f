import { agents } from './agents.ts';
import { balances } from './balances.ts';
import { catalogue } from './catalogue.ts';
import { cancellation } from './cancellation.ts';
import { database } from './database.ts';
import { fileStorage } from './file-storage.ts';
import { geolocation } from './geolocation.ts';
import { identity } from './identity.ts';
import { jobs } from './jobs.ts';
import { logging } from './logging.ts';
import { mail } from './mail.ts';
import { payments } from './payments.ts';
import { postcodes } from './postcodes.ts';
import { PRODUCTION_GUARD_HINT, demoParts, productionProblems } from './production-guard.ts';
import { rateLimits } from './rate-limits.ts';
import { reminders } from './reminders.ts';
import { internalUrlOf, server } from './server.ts';
import type { ConfigIssue, DeriveContext, EnvOf, RawEnv, SettingTree, UnionToIntersection } from './setting.ts';
import { site } from './site.ts';
import { faultsInProduction, testFaults } from './test-faults.ts';

export type { RawEnv } from './setting.ts';
export { defaultLogFormat } from './logging.ts';
export { SANDBOX_PAYMENT_SECRET_KEY, SANDBOX_PAYMENT_WEBHOOK_SECRET } from './payments.ts';

/**
 * Every setting the API reads, one slice per concern, checked once at
 * start-up. The order is the order of the Settings table in apps/api/README.md
 * (docs.ts renders it; `npm run docs:config` writes it) and of the refusals.
 */
export const SLICES = [server, logging, database, fileStorage, site, geolocation, postcodes, payments, balances, reminders, catalogue, mail, identity, agents, cancellation, rateLimits, jobs, testFaults] as const;

type Slices = (typeof SLICES)[number];
type ConfigOf<S> = S extends { config(...args: never[]): infer Config } ? Config : never;
type EnvOfSlice<S> = S extends { settings: infer Tree extends SettingTree } ? EnvOf<Tree> : never;

/** Every setting by variable name, as parsed (what rules across slices read). */
type Env = UnionToIntersection<EnvOfSlice<Slices>>;

/** The checked settings as the app reads them (app.config): every slice's part, merged. */
export type AppConfig = UnionToIntersection<ConfigOf<Slices>> & {
  /** What makes this server a demo (sandboxes, demo seed, no PUBLIC_URL), setting by setting; production starts with any only under DEMO=1. */
  demoParts: string[];
};

/** Every rate limit but the agents' (their own, AppConfig['agents']), and the sweep of ended counters. */
export type RateLimitConfig = AppConfig['rateLimits'];

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** A slice as loadConfig walks them: whatever its settings, it reads the environment and gives its part of AppConfig. */
interface AnySlice {
  read(present: RawEnv): { env: object | undefined; issues: ConfigIssue[] };
  config(env: Env, context: DeriveContext): object;
}

const isGroup = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

/** Slices may share a group (jobs.ts adds each job's interval to its owner's): their parts are merged group by group. */
function mergeParts(into: Record<string, unknown>, part: object): Record<string, unknown> {
  for (const [key, value] of Object.entries(part)) {
    const existing = into[key];
    into[key] = isGroup(existing) && isGroup(value) ? mergeParts({ ...existing }, value) : value;
  }
  return into;
}

/** Rules across slices: run once every setting has a valid value, beside each slice's own rules (all are reported at once). */
function crossSliceIssues(env: Env): ConfigIssue[] {
  return [
    ...faultsInProduction(env),
    ...productionProblems(env).map((problem) => ({ setting: problem.setting, message: problem.message, productionGuard: true })),
  ];
}

/**
 * The settings from the environment, checked: a ConfigError names every
 * invalid one. Empty values count as unset. `interactive`: whether stdout is
 * a terminal (process.stdout.isTTY), which decides the default log format.
 */
export function loadConfig(source: RawEnv = process.env, interactive = Boolean(process.stdout.isTTY)): AppConfig {
  const present: RawEnv = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value.trim() !== ''));
  const read = (SLICES as readonly AnySlice[]).map((slice) => slice.read(present));
  const issues = read.flatMap((result) => result.issues);
  const env = Object.assign({}, ...read.map((result) => result.env)) as Env;
  if (read.every((result) => result.env !== undefined)) issues.push(...crossSliceIssues(env));
  if (issues.length > 0) {
    const problems = issues.map((issue) => `  ${issue.setting}: ${issue.message}`).join('\n');
    const guarded = issues.some((issue) => issue.productionGuard);
    throw new ConfigError(`Invalid environment:\n${problems}${guarded ? `\n${PRODUCTION_GUARD_HINT}` : ''}`);
  }
  const context: DeriveContext = { nodeEnv: env.NODE_ENV, interactive, publicUrl: env.PUBLIC_URL, internalUrl: internalUrlOf(env.PORT) };
  const parts = (SLICES as readonly AnySlice[]).map((slice) => slice.config(env, context));
  return { ...parts.reduce<Record<string, unknown>>(mergeParts, {}), demoParts: demoParts(env).map((part) => part.setting) } as AppConfig;
}
