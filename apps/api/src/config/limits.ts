import { z } from 'zod';

/** A rate limit: attempts in one window. Every limit is a fixed window counted in PostgreSQL (modules/rate-limits/limits.ts), shared by every replica. */
export const limit = (fallback: number) => z.coerce.number().int().min(1).max(10_000).default(fallback);
export const windowSeconds = (fallback: number) => z.coerce.number().int().min(1).max(86_400).default(fallback);
