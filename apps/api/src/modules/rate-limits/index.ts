/** Fixed-window rate limits counted in the database, shared by every replica (docs/decisions/0013-agent-verification.md). */
export {
  checkRateLimits,
  enforceRateLimit,
  enforceRateLimits,
  peekAttempts,
  rateLimited,
  rateLimitSweeperPlugin,
  setRetryAfter,
  sweepRateLimitCounters,
  takeAttempt,
  type RateLimitCheck,
  type RateLimitRule,
} from './limits.ts';
