import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, RUN_DIR_ENV, WEB_DIST_ENV } from './support/server.ts';

/**
 * Runs once before any worker starts: builds the web app when its sources
 * changed (as `npm start` does; building per worker would be slow on two
 * cores), then copies the build into this run's scratch directory so that
 * every worker's server serves the same files even if apps/web/dist is rebuilt
 * by someone else while the suite runs. Workers learn both paths from the
 * environment, which Playwright hands down to them.
 */
export default function globalSetup(): () => void {
  // The build's output goes to stderr: stdout belongs to the reporter (--reporter=json writes its report there).
  const built = spawnSync(process.execPath, [join(ROOT, 'scripts/build-web.mjs')], { cwd: ROOT, stdio: ['ignore', 2, 2] });
  if (built.status !== 0) throw new Error(`The web app build failed (exit ${built.status ?? built.signal})`);

  const runDir = mkdtempSync(join(tmpdir(), 'tours-e2e-'));
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

  return () => rmSync(runDir, { recursive: true, force: true });
}
