import { defineConfig } from '@playwright/test';
export default defineConfig({
  testDir: '.',
  testMatch: 'shots.spec.ts',
  timeout: 120_000,
  workers: 1,
  use: {
    baseURL: 'http://localhost:3104',
    launchOptions: { executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] },
  },
});
