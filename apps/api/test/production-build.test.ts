import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiProcess, BUILT_SERVER } from './api-process.ts';
import { lead } from './booking-fixtures.ts';
import { createTestDatabase } from './helper.ts';
import { bookDayTrip, confirm, openPayment, payToken } from './payment-fixtures.ts';
import type { TestDatabase } from './test-database.ts';

/**
 * The API as production runs it: built to JavaScript (apps/api/scripts/build.mjs,
 * through scripts/build-api.mjs as `npm start` builds it) and run by plain
 * node, with no TypeScript at run time, in the demo's production mode as
 * `npm start` runs it. Every other API test runs the sources; this one proves
 * the build: what the server reads by path at run time (migrations, the web
 * app's build, tour pictures, the card provider's scripts, the PDF fonts)
 * resolves from beside it, and the chunks it loads only when first needed
 * (the e-mail's HTML renderer, the PDF renderer) load under plain node.
 */

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const SRC = join(ROOT, 'apps/api/src');
const DIST = dirname(BUILT_SERVER);

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(path) : [path];
  });
}

describe('the API built to JavaScript, run by plain node', () => {
  let database: TestDatabase | undefined;
  let api: ApiProcess | undefined;
  let webDist: string | undefined;

  beforeAll(async () => {
    const build = spawnSync(process.execPath, [join(ROOT, 'scripts/build-api.mjs')], { cwd: ROOT, encoding: 'utf8' });
    expect(build.status, `${build.stdout}\n${build.stderr}`).toBe(0);
    webDist = mkdtempSync(join(tmpdir(), 'tours-built-api-web-'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>The built web app</title>');
    database = await createTestDatabase();
    api = await ApiProcess.start(
      database,
      { NODE_ENV: 'production', DEMO: '1', TEST_FAULTS: 'false', WEB_DIST: webDist, MAIL_RELAY_INTERVAL_MS: '25' },
    );
  }, 180_000);

  afterAll(async () => {
    await api?.stop();
    await database?.drop();
    if (webDist) rmSync(webDist, { recursive: true, force: true });
  });

  it('takes every path it reads at run time from src/files.ts, whose place the build keeps', () => {
    const located = filesUnder(SRC).filter((file) => /\.tsx?$/.test(file) && /import\.meta\.(url|dirname|filename)|__dirname|__filename/.test(readFileSync(file, 'utf8')));
    expect(located.map((file) => relative(SRC, file))).toEqual(['files.ts']);
    const code = filesUnder(DIST).filter((file) => file.endsWith('.js') && !file.includes(`${DIST}/modules/`));
    expect(code.map((file) => dirname(file))).toEqual(code.map(() => DIST));
  });

  it('serves the web app, the tour pictures and the card provider’s scripts from beside its build', async () => {
    const health = await api!.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode, health.body).toBe(200);
    const page = await api!.inject({ method: 'GET', url: '/tours' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('The built web app');
    const sdk = await api!.inject({ method: 'GET', url: '/pay/sdk.js' });
    expect(sdk.statusCode).toBe(200);
    expect(sdk.body).toBe(readFileSync(join(SRC, 'modules/payment-provider/browser/sdk.js'), 'utf8'));
    const picture = readdirSync(join(ROOT, 'apps/api/media/tours')).find((name) => name.endsWith('.webp'))!;
    const served = await fetch(`${api!.url}/api/media/tours/${picture}`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(readFileSync(join(ROOT, 'apps/api/media/tours', picture)));
  });

  it('books, pays and confirms, and e-mails the confirmation with its HTML part and its PDF', { timeout: 60_000 }, async () => {
    const app = api!.asApp;
    const { booking, totals } = await bookDayTrip(app);
    const paymentId = await payToken(app, (await openPayment(app, booking, totals.total)).token);
    const confirmed = await confirm(app, booking, paymentId);
    expect(confirmed.statusCode, confirmed.body).toBe(200);

    let sent: { id: number; html: string | null } | undefined;
    await vi.waitFor(
      async () => {
        const mailbox = await api!.inject({ method: 'GET', url: '/dev/mailbox.json' });
        sent = mailbox.json().data.items.find((item: { booking_id: number }) => item.booking_id === booking.id);
        expect(sent).toBeDefined();
      },
      { timeout: 20_000, interval: 100 },
    );
    // The HTML part is rendered by a chunk loaded on first use; without it the e-mail would go as plain text alone.
    expect(sent!.html).toContain(lead.family_name);
    const pdf = await fetch(`${api!.url}/dev/mailbox/${sent!.id}/attachments/0`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toContain('application/pdf');
    expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
  });
});
