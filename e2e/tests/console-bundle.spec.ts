import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '../support/fixtures.ts';
import { ROOT, WEB_DIST_ENV } from '../support/server.ts';

/**
 * The staff console is a bundle of its own (docs/decisions/0018-staff-console.md):
 * built by vite.console.config.ts into dist/admin, it shares no file with the
 * customer site, and nothing the customers' pages load names it, so they
 * never download a byte of it (the page budgets in budgets.spec.ts measure
 * what they do download). Read from the build this run serves.
 */
const dist = process.env[WEB_DIST_ENV] ?? join(ROOT, 'apps/web/dist');
const filesIn = (dir: string) => (existsSync(dir) ? readdirSync(dir).filter((file) => !/\.(br|gz)$/.test(file)) : []);

/** A string only the console's own code holds: its session's storage key (console/lib/storage-keys.ts). */
const CONSOLE_MARKER = 'tours.console.session';

test('the customer build neither references nor contains the staff console', () => {
  const consoleAssets = filesIn(join(dist, 'admin', 'assets'));
  const customerAssets = filesIn(join(dist, 'assets'));
  // Both builds are there, and the marker really is in the console's code, so the checks below can fail.
  expect(consoleAssets.filter((file) => file.endsWith('.js')).length).toBeGreaterThan(0);
  expect(customerAssets.filter((file) => file.endsWith('.js')).length).toBeGreaterThan(0);
  expect(consoleAssets.some((file) => readFileSync(join(dist, 'admin', 'assets', file), 'utf8').includes(CONSOLE_MARKER))).toBe(true);

  const customerFiles = [join(dist, 'index.html'), ...customerAssets.map((file) => join(dist, 'assets', file))];
  const offending = customerFiles.flatMap((path) => {
    const content = readFileSync(path, 'utf8');
    const named = consoleAssets.filter((file) => content.includes(file));
    return [
      ...named.map((file) => `${path} names the console's ${file}`),
      ...(content.includes('/admin/assets/') ? [`${path} points into /admin/assets/`] : []),
      ...(content.includes(CONSOLE_MARKER) ? [`${path} holds the console's own code`] : []),
    ];
  });
  expect(offending).toEqual([]);
  // No file of one build is a file of the other (a shared chunk would be downloaded by both).
  expect(consoleAssets.filter((file) => customerAssets.includes(file))).toEqual([]);
});
