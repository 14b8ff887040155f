import type { FastifyInstance } from 'fastify';

/**
 * Runs `job` every `intervalMs` while the app runs (0: never), one run at a
 * time per process. The jobs are replica-safe by their SQL (atomic updates or
 * SKIP LOCKED leases), so every API replica may run them, and they judge what
 * is due by the database's clock (Clock.databaseNow()), so replicas whose own
 * clocks drift agree (docs/reliability.md). A failed run is logged and the
 * next one tries again.
 */
export function scheduleBackgroundJob(app: FastifyInstance, name: string, intervalMs: number, job: () => Promise<void>): void {
  if (intervalMs === 0) return;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;

  const run = async () => {
    try {
      await job();
    } catch (error) {
      app.log.error({ err: error }, `${name} failed`);
    }
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = run().finally(schedule);
    }, intervalMs);
    // A background job alone never keeps the process alive.
    timer.unref();
  };

  app.addHook('onReady', async () => schedule());
  // preClose: before the database (and any transport) close under a run in progress.
  app.addHook('preClose', async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  });
}
