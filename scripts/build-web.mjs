#!/usr/bin/env node
// Builds the web app (apps/web/dist) when its build is missing or older than
// its sources: shared by `npm start` and the browser tests' global set-up,
// which builds once for all of its servers. Run directly, it only builds.
//   SKIP_WEB_BUILD=1  keep whatever is in apps/web/dist without building.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { newest } from './lib/newest.mjs';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const web = join(root, 'apps/web');
export const WEB_DIST = join(web, 'dist');
const builtIndex = join(WEB_DIST, 'index.html');
// The staff console's build (vite.console.config.ts), which `npm run build -w @tours/web` runs right after the site's.
const builtConsole = join(WEB_DIST, 'admin', 'index.html');
// Everything the web build reads: its own sources and the shared domain package.
const WEB_INPUTS = ['src', 'public', 'build-tools', 'index.html', 'vite.config.ts', 'vite.console.config.ts', 'package.json', 'tsconfig.json'].map((p) => join(web, p));
const SHARED_INPUTS = [join(root, 'packages/domain/src')];
const log = (message) => console.log(`[start] ${message}`);

function hasBuildScript() {
  try {
    return Boolean(JSON.parse(readFileSync(join(web, 'package.json'), 'utf8')).scripts?.build);
  } catch {
    return false;
  }
}

/** 'fresh', or why a build is needed, or why none is possible. */
function webBuildState() {
  if (!hasBuildScript() || !existsSync(join(web, 'index.html'))) return 'no-sources';
  if (!existsSync(builtIndex) || !existsSync(builtConsole)) return 'missing';
  // The older of the two builds: either being stale means building again.
  const built = Math.min(statSync(builtIndex).mtimeMs, statSync(builtConsole).mtimeMs);
  return [...WEB_INPUTS, ...SHARED_INPUTS].some((input) => newest(input) > built) ? 'stale' : 'fresh';
}

/** Builds apps/web/dist unless it is fresh (or building is turned off); exits the process when the build fails. */
export function buildWeb() {
  if (process.env.SKIP_WEB_BUILD === '1') return log('SKIP_WEB_BUILD=1: not building the web app');
  if (process.env.WEB_DIST) return log(`WEB_DIST is set (${process.env.WEB_DIST}): serving it as it is`);
  const state = webBuildState();
  if (state === 'fresh') return log('web app build is up to date');
  if (state === 'no-sources') return log('no web app sources with a build script in apps/web: serving the API only');
  log(state === 'missing' ? 'building the web app (no build yet)' : 'rebuilding the web app (sources changed)');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  // Always a production build: NODE_ENV=test or development from the caller would ship React's development build.
  const result = spawnSync(npm, ['run', 'build', '-w', '@tours/web'], { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  if (result.status !== 0) {
    console.error('[start] the web app build failed; fix it or run with SKIP_WEB_BUILD=1 to serve the previous build');
    process.exit(result.status ?? 1);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) buildWeb();
