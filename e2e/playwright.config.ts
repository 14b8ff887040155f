import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_PATH } from './chromium-path.mjs';

/**
 * Each worker gets its own server on its own port and a fresh database
 * (the `server` fixture in support/fixtures.ts), so tests never share data
 * across workers and the suite passes in any order. The global set-up builds
 * the web app and the API once for all of them.
 */
export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  fullyParallel: true,
  forbidOnly: true,
  // Two cores: one browser worker (and its server) per core.
  workers: 2,
  retries: 0,
  // Guards against a hang, not budgets: a walk through every sub-step took 24 s on a quiet machine and over 60 s
  // beside CI's other lanes on a slow day; an expectation is met as soon as the page shows it.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    // A failed test keeps its trace (actions, DOM snapshots, network), except in CI: tracing every test to keep the
    // failures' costs about a tenth of the suite's CPU (measured on booking-flow and booking-payment: 67 CPU-s
    // without, 73 to 81 with, snapshots or not), and CI's two cores are its limit; a failure there still leaves its
    // screenshot and the page's error context, and `npx playwright test <spec>` here keeps the trace. (Recording a
    // screencast of every frame more than doubled the browser's CPU, so the trace never has one.)
    trace: process.env.CI ? 'off' : { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 900 } } },
  ],
});
