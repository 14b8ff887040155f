#!/usr/bin/env node
// `npm run dev`: the API on port 3001 (restarting on changes) and the Vite dev
// server, which serves the SPA with hot reload and proxies /api to the API.
// Ctrl-C stops both; if either stops, so does the other.
//   API_PORT=3001  the API's port; Vite reads API_ORIGIN to proxy to it.
//   WEB_PORT=5173  the Vite dev server's port.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const apiPort = process.env.API_PORT ?? '3001';
const webPort = process.env.WEB_PORT ?? '5173';
const webOrigin = process.env.PUBLIC_URL ?? `http://localhost:${webPort}`;
const log = (message) => console.log(`[dev] ${message}`);

function webHasDevScript() {
  try {
    const pkg = JSON.parse(readFileSync(join(root, 'apps/web/package.json'), 'utf8'));
    return Boolean(pkg.scripts?.dev) && existsSync(join(root, 'apps/web/index.html'));
  } catch {
    return false;
  }
}

const children = new Map();

function start(name, command, args, env) {
  // Each child leads its own process group, so stopping it stops what it started (npm -> vite).
  const child = spawn(command, args, { cwd: root, stdio: 'inherit', detached: true, env: { ...process.env, ...env } });
  children.set(name, child);
  child.on('exit', (code, signal) => {
    children.delete(name);
    if (!stopping) {
      log(`${name} stopped (${signal ?? `exit code ${code}`}); stopping the rest`);
      stopAll(code ?? 1);
    } else if (children.size === 0) {
      process.exit(exitCode);
    }
  });
  return child;
}

let stopping = false;
let exitCode = 0;
function stopAll(code = 0) {
  if (stopping) return;
  stopping = true;
  exitCode = code;
  if (children.size === 0) process.exit(exitCode);
  for (const child of children.values()) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  }
  // Whatever ignores SIGTERM is not allowed to keep the terminal.
  setTimeout(() => {
    for (const child of children.values()) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
    process.exit(exitCode);
  }, 5_000).unref();
}

process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));

const tsxCli = fileURLToPath(import.meta.resolve('tsx/cli'));
start('api', process.execPath, [tsxCli, 'watch', '--clear-screen=false', 'apps/api/src/server.ts'], {
  PORT: apiPort,
  // No PUBLIC_URL unless yours: the site follows the origin Vite's proxy passes on (its Host), so 127.0.0.1:5173 works as well as localhost.
  NODE_ENV: process.env.NODE_ENV ?? 'development',
});
log(`API on http://localhost:${apiPort}/api (docs at /api/docs)`);

if (webHasDevScript()) {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  start('web', npm, ['run', 'dev', '-w', '@tours/web', '--', '--port', webPort], { API_ORIGIN: `http://localhost:${apiPort}` });
  log(`web app on ${webOrigin}, proxying /api to the API`);
} else {
  log('no web app with a dev script in apps/web yet: running the API only');
}
