import { z } from 'zod/mini';

/**
 * Zod compiles a fast path for object schemas with `new Function`, after
 * probing whether it may: under the site's Content-Security-Policy (no
 * 'unsafe-eval', apps/api/src/lib/content-security-policy.ts) that probe is a
 * reported violation on every page load. The browser parses small forms, so
 * it does without. Imported first by each entry (app/main.tsx, console/main.tsx): the probe runs when the first
 * object schema is built, at module load.
 */
z.config({ jitless: true });
