// The site as `npm start` serves it, for the page benchmarks: the web app built
// into a scratch folder, served by the API on a free loopback port with a fresh
// in-memory database, the demo seed and the sandboxes, in the environment
// `npm start` gives it (scripts/lib/demo-env.mjs, ADR 0015). Stopped and
// cleaned up when the process exits.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from '../../e2e/support/page-weight.ts';
import { API_SERVER, buildApi } from '../../scripts/build-api.mjs';
import { demoEnvironment } from '../../scripts/lib/demo-env.mjs';

const freePort = () =>
  new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

/** Builds and serves the site; `name` names the scratch folder, which also holds whatever else the caller builds there. */
export async function serveSite(name) {
  const scratch = mkdtempSync(join(tmpdir(), `bench-${name}-`));
  const webDist = join(scratch, 'web');
  const built = spawnSync(process.execPath, [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', webDist, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: join(ROOT, 'apps/web'),
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (built.status !== 0) throw new Error('the web app did not build');

  const base = `http://127.0.0.1:${await freePort()}`;
  const env = demoEnvironment(
    { ...process.env, PORT: new URL(base).port, HOST: '127.0.0.1', DATA_DIR: 'memory://', PUBLIC_URL: base, WEB_DIST: webDist, LOG_LEVEL: 'warn' },
    false,
  );
  buildApi();
  const api = spawn(process.execPath, ['--enable-source-maps', API_SERVER], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'], env });
  process.on('exit', () => {
    api.kill('SIGTERM');
    rmSync(scratch, { recursive: true, force: true });
  });

  for (let attempt = 0; ; attempt += 1) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (attempt > 240) throw new Error('the API did not become healthy');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }

  // Step 1 of the booking flow for the full-featured tour's last departure, as e2e/tests/budgets.spec.ts picks it.
  const catalogue = await (await fetch(`${base}/api/tours`)).json();
  const vienna = catalogue.data.items.find((tour) => tour.code === 'MHW-VIE');
  const bookPath = `/book?${new URLSearchParams({ tour: vienna.code, departure: vienna.departures.at(-1).start_date })}`;
  return { base, scratch, bookPath };
}
