/**
 * The environment `npm start` gives the API server: the demo, run as
 * production runs. NODE_ENV=production makes libraries take their production
 * builds (React renders the confirmation e-mail without its development
 * checks); DEMO=1 keeps the sandboxes, the demo seed and a site that follows
 * each request's origin allowed (apps/api/src/config/production-guard.ts).
 * Logs stay pretty at a terminal, as they were. Whatever the caller set wins:
 * with a NODE_ENV of their own nothing is added.
 * docs/decisions/0015-demo-runs-as-production.md
 */
export function demoEnvironment(env = process.env, interactive = Boolean(process.stdout.isTTY)) {
  if (env.NODE_ENV) return { ...env };
  return {
    ...env,
    NODE_ENV: 'production',
    DEMO: env.DEMO || '1',
    ...(interactive && !env.LOG_FORMAT ? { LOG_FORMAT: 'pretty' } : {}),
  };
}
