import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, RUN_DIR_ENV, SEEDED_DATA_ENV, seedDataDirectory, WEB_DIST_ENV } from './support/server.ts';

/** Builds the web app when its sources changed (scripts/build-web.mjs), as `npm start` does. */
function buildWeb(): Promise<void> {
  // The build's output goes to stderr: stdout belongs to the reporter (--reporter=json writes its report there).
  const build = spawn(process.execPath, [join(ROOT, 'scripts/build-web.mjs')], { cwd: ROOT, stdio: ['ignore', 2, 2] });
  return new Promise((resolve, reject) => {
    build.once('error', reject);
    build.once('exit', (code, signal) => (code === 0 ? resolve() : reject(new Error(`The web app build failed (exit ${code ?? signal})`))));
  });
}

/**
 * Runs once before any worker starts, doing together what every worker's
 * server would otherwise do alone (building per worker would be slow on two
 * cores): builds the web app when its sources changed, and migrates and
 * seeds one database (a server started on it and stopped). The build is
 * copied into this run's scratch directory, so that every worker's server
 * serves the same files even if apps/web/dist is rebuilt by someone else
 * while the suite runs; each server starts on its own copy of the database
 * (support/server.ts). Workers learn the paths from the environment, which
 * Playwright hands down to them.
 */
export default async function globalSetup(): Promise<() => void> {
  const runDir = mkdtempSync(join(tmpdir(), 'tours-e2e-'));
  const seeded = join(runDir, 'seeded-data');
  try {
    await Promise.all([buildWeb(), seedDataDirectory(seeded)]);
  } catch (error) {
    rmSync(runDir, { recursive: true, force: true });
    throw error;
  }

  const webDist = join(runDir, 'web');
  const source = process.env.WEB_DIST ?? join(ROOT, 'apps/web/dist');
  if (existsSync(join(source, 'index.html'))) {
    cpSync(source, webDist, { recursive: true });
    // A copy taken while a build was rewriting the folder would miss files the page asks for.
    const index = readFileSync(join(webDist, 'index.html'), 'utf8');
    const missing = [...index.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((match) => match[1]!).filter((asset) => !existsSync(join(webDist, asset)));
    if (missing.length > 0) throw new Error(`The copy of ${source} is incomplete (${missing.join(', ')}): was it being rebuilt? Run the tests again.`);
  }
  process.env[RUN_DIR_ENV] = runDir;
  process.env[WEB_DIST_ENV] = webDist;
  process.env[SEEDED_DATA_ENV] = seeded;

  return () => rmSync(runDir, { recursive: true, force: true });
}
