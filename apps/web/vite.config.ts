import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { precompress } from './build-tools/precompress.ts';

/**
 * In development the API, the sandbox card provider, the sandbox identity
 * provider and the dev mailbox run on the API server; proxying them keeps
 * the browser on one origin, exactly as `npm start` serves them.
 */
const apiOrigin = process.env.API_ORIGIN ?? 'http://localhost:3001';
// Anchored so that only these prefixes (and not, say, /develop) leave the SPA.
const proxy = Object.fromEntries(['api', 'pay', 'idp', 'dev'].map((prefix) => [`^/${prefix}(/|$)`, { target: apiOrigin }]));

export default defineConfig({
  plugins: [react(), precompress()],
  server: { port: 5173, strictPort: true, proxy },
  preview: { port: 4173, proxy },
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022' },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'build-tools/**/*.test.ts'],
    setupFiles: ['./src/test/setup.ts'],
    // A guard against a hang, not a budget: above a wait's own limit (asyncUtilTimeout, 15 s, src/test/setup.ts), so a
    // slow first render on a machine busy with CI's other lanes is not cut by the test's limit instead.
    testTimeout: 40_000,
    restoreMocks: true,
    unstubGlobals: true,
  },
});
