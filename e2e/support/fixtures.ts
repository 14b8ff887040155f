import { test as base, expect, type Page } from '@playwright/test';
import { axeViolations } from './axe.ts';
import { startWorkerServer, type WorkerServer } from './server.ts';

/** Fails the test on any axe-core violation, listing rule ids and offending nodes. */
export async function expectNoA11yViolations(page: Page): Promise<void> {
  expect(await axeViolations(page), 'axe-core violations').toEqual([]);
}

/** Answers the browser's IP-geolocation call with a chosen country. */
export async function visitFrom(page: Page, country: string | null): Promise<void> {
  await page.route('**/sandbox/geolocation**', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ ip: '198.51.100.7', country }) }),
  );
}

interface WorkerFixtures {
  /** This worker's own server and database (see server.ts), started on first use and stopped when the worker ends. */
  server: WorkerServer;
}

/**
 * Every test runs against its worker's own server: `baseURL` (and so
 * `page.goto('/…')`, `request` and `page.request`) points at it. Its pages
 * run on Playwright's clock, at real speed until the test moves it on
 * (support/clock.ts).
 */
export const test = base.extend<object, WorkerFixtures>({
  context: async ({ context }, use) => {
    await context.clock.install();
    await use(context);
  },
  server: [
    // Playwright reads the fixtures a function needs from its first parameter's pattern: none here.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      const server = await startWorkerServer(`w${workerInfo.parallelIndex}.${workerInfo.workerIndex}`);
      try {
        await use(server);
      } finally {
        await server.stop();
      }
    },
    { scope: 'worker', timeout: 240_000 },
  ],
  baseURL: async ({ server }, use) => {
    await use(server.baseURL);
  },
});
export { expect };
