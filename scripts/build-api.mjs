#!/usr/bin/env node
// Builds the API (apps/api/dist, the JavaScript production runs with plain
// node) when its build is missing or older than its sources: shared by
// `npm start` and `npm run start:cluster`, as scripts/build-web.mjs is for the
// web app. Run directly, it only builds. The build itself is
// apps/api/scripts/build.mjs (`npm run build -w @tours/api`).
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { newest } from './lib/newest.mjs';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const api = join(root, 'apps/api');
/** What `npm start` runs. */
export const API_SERVER = join(api, 'dist/server.js');
// Everything the build reads: the API's sources, the domain it bundles, and how it is built.
const INPUTS = [join(api, 'src'), join(api, 'scripts/build.mjs'), join(api, 'package.json'), join(api, 'tsconfig.json'), join(root, 'packages/domain')];
const log = (message) => console.log(`[start] ${message}`);

/** 'fresh', or why a build is needed, or why none is possible. */
function apiBuildState() {
  if (!existsSync(join(api, 'src/server.ts'))) return 'no-sources';
  if (!existsSync(API_SERVER)) return 'missing';
  const built = statSync(API_SERVER).mtimeMs;
  return INPUTS.some((input) => newest(input) > built) ? 'stale' : 'fresh';
}

/** Builds apps/api/dist unless it is fresh; exits the process when the build fails. */
export function buildApi() {
  const state = apiBuildState();
  if (state === 'fresh') return log('API build is up to date');
  if (state === 'no-sources') {
    if (existsSync(API_SERVER)) return log('no API sources: running the build that is there');
    console.error(`[start] no API sources and no build at ${API_SERVER}`);
    process.exit(1);
  }
  log(state === 'missing' ? 'building the API (no build yet)' : 'rebuilding the API (sources changed)');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['run', 'build', '-w', '@tours/api'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('[start] the API build failed');
    process.exit(result.status ?? 1);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) buildApi();
