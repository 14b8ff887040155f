import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import web from './apps/web/vite.config.ts';

/**
 * Test files share their worker's loaded modules (`isolate: false`): files
 * run one after another in the same process, so importing the code under test
 * (and, for the API, starting the app's dependencies and jsdom for the web) is
 * paid once per worker rather than once per file. A file must leave nothing
 * behind: it closes what it opens and restores what it changes (the web's
 * src/test/setup.ts resets the stores and storage before each test; each API
 * file has a database and an app of its own). A file that replaces a module
 * with vi.mock cannot share, since the module may already be loaded; it runs
 * in a process of its own, in the project `web-isolated` (an API test spies
 * on the module's export instead: vi.spyOn).
 */
const WEB_ISOLATED = ['src/features/account/booked-item-page.test.tsx'];

/**
 * API test files whose subject never reaches the database: configuration,
 * lint and build checks, pure functions, file sniffing, headers of static
 * files. Both engines run every other file; these run once, in the embedded
 * lane (`npm run test:api`, part of `npm test`), and the PostgreSQL lane
 * (`npm run test:pg`, which sets DATABASE_URL) leaves them out, since running
 * them against a server would prove nothing more.
 */
const ENGINE_INDEPENDENT = [
  'card-entry',
  'config',
  'config-docs',
  'confirmation-email',
  'content-security-policy',
  'file-storage',
  'fuzz/hostile-values',
  'fuzz/zod-arbitrary',
  'log-redaction',
  'module-boundaries',
  'nginx-body-limit',
  'payment-provider-sdk',
  'pool-wait',
  'production-guard',
  'read-cache',
  'reminders-due',
  'schema-drift',
  'tour-picture-sniffing',
  'web-compression',
].map((name) => `test/${name}.test.ts`);
const onPostgresServer = Boolean(process.env.DATABASE_URL);

const { test: webTest, ...webBuild } = web;
const webProject = (test: TestProjectInlineConfiguration['test']): TestProjectInlineConfiguration => ({ ...webBuild, root: './apps/web', test: { ...webTest, ...test } });

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'domain', root: './packages/domain', include: ['src/**/*.test.ts'], isolate: false } },
      {
        test: {
          name: 'api',
          root: './apps/api',
          pool: 'forks',
          // V8's garbage collector on the worker's own thread: beside CI's other lanes on two cores, its helper threads
          // cost more CPU than they save (the suite on PGlite: 273 to 285 CPU-s with them, 258 to 268 without). The
          // web tests showed no difference, so they keep V8's default.
          execArgv: ['--single-threaded-gc'],
          // Guards against a hang, not budgets: a test that encodes pictures took over 30 s beside CI's other lanes on a slow day.
          testTimeout: 90_000,
          hookTimeout: 120_000,
          include: ['test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...(onPostgresServer ? ENGINE_INDEPENDENT : [])],
          // Migrates and seeds one database that every test file's database is a copy of (test/test-database.ts).
          globalSetup: ['./test/global-setup.ts'],
          isolate: false,
        },
      },
      webProject({ name: 'web', exclude: [...configDefaults.exclude, ...WEB_ISOLATED], isolate: false }),
      webProject({ name: 'web-isolated', include: WEB_ISOLATED }),
    ],
  },
});
