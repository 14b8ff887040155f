// The rate limits' settings are in src/config/rate-limits.ts and agents.ts. This re-export keeps the
// modules that still import the type from here compiling while src/modules/ moves (issue 23).
export type { RateLimitConfig } from '../config/index.ts';
