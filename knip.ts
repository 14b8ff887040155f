import type { KnipConfig } from 'knip';

/**
 * Unused files, exports and dependencies fail `npm run lint`. Knip's plugins
 * find most entries themselves (vitest and its projects, Vite and index.html,
 * Playwright, drizzle-kit, ESLint); the rest are named here. Files marked `!`
 * are production code: `npm run lint` also runs `knip --production` on the
 * dependencies, so a runtime dependency that production code does not import
 * (a test library such as fast-check, tsx) fails it, as does production code
 * importing a dev dependency. (`knip --production` on exports lists those
 * only tests use: test seams and rules unit-tested on their own, kept.)
 */
const config: KnipConfig = {
  // An export its own file also uses is kept for that file's sake; only exports nothing uses are dead.
  ignoreExportsUsedInFile: true,
  // Debian's tools, which the scripts install PostgreSQL, nginx and Chromium with.
  ignoreBinaries: ['apt-get', 'invoke-rc.d'],
  // The root vitest.config.ts names each project's set-up files relative to that project's root, which knip's
  // vitest plugin reads from the repository root instead; it finds them as entries of their workspaces too.
  ignoreUnresolved: ['./test/global-setup.ts', './src/test/setup.ts'],
  workspaces: {
    '.': {
      entry: ['scripts/*.{mjs,ts}', 'scripts/codemods/*.mjs'],
      project: ['scripts/**/*.{mjs,ts}', 'eslint/**/*.js', '*.{js,ts}'],
    },
    'packages/domain': {
      project: ['src/**/*.ts!'],
      // The domain is used by the web app and the API only: a name neither imports is dead, barrel or not.
      includeEntryExports: true,
    },
    'apps/api': {
      // The server is production's entry (`npm start` runs its build, which knip does not read).
      entry: ['src/server.{ts,tsx}!', 'scripts/*.{ts,mjs}'],
      project: ['src/**/*.{ts,tsx}!', 'test/**/*.ts', 'scripts/**/*.{ts,mjs}', '*.ts'],
      ignoreDependencies: [
        // pino loads it by name, as the transport of LOG_FORMAT=pretty (src/app.ts).
        'pino-pretty',
        // @react-email/render's peer: it renders the e-mails with react-dom/server.
        'react-dom',
      ],
    },
    'apps/web': {
      project: ['src/**/*.{ts,tsx}!', 'build-tools/**/*.ts', '*.ts'],
    },
    e2e: {
      project: ['**/*.{ts,mjs}'],
    },
    bench: {
      entry: ['*.mjs', 'blank-react/vite.config.ts', 'blank-react/main.tsx'],
      project: ['**/*.{mjs,ts,tsx}'],
    },
  },
};

export default config;
