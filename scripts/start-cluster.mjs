#!/usr/bin/env node
// `npm run start:cluster`: the site as it runs in production, on one machine.
// A throwaway PostgreSQL 15 server, N API replicas over one database on it and
// nginx (Debian's package) in front of them as the load balancer, on one
// origin: http://localhost:3000 unless PORT is set. Ctrl-C stops it all and
// deletes its temporary directory; if any part dies on its own, the rest is
// stopped too and the exit code is 1.
//   REPLICAS=n       how many API replicas (default 3)
//   PORT, HOST       where nginx listens (default 3000 on every interface)
//   SKIP_WEB_BUILD=1, WEB_DIST=...   as for `npm start` (scripts/build-web.mjs)
//   NGINX_BIN        another nginx binary than /usr/sbin/nginx
// As for `npm start`, the API is built first when its build is stale
// (scripts/build-api.mjs), and each replica runs that build with plain node.
// Every other setting (PUBLIC_URL, LOG_LEVEL, NODE_ENV, DEMO...) reaches every
// replica as it would reach `npm start`, which this is otherwise the same demo as:
// with NODE_ENV unset, production with DEMO=1 (scripts/lib/demo-env.mjs, ADR 0015).
import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { API_SERVER, buildApi } from './build-api.mjs';
import { buildWeb } from './build-web.mjs';
import { demoEnvironment } from './lib/demo-env.mjs';
import { ensureNginx, renderClusterConfig } from './lib/nginx.mjs';
import { freePort, portIsFree } from './lib/ports.mjs';
import { PG_VERSION, startPostgres } from './lib/postgres-cluster.mjs';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const log = (message) => console.log(`[cluster] ${message}`);
const READY_TIMEOUT_MS = 180_000;
const STOP_TIMEOUT_MS = 15_000;

function fail(message) {
  console.error(`[cluster] ${message}`);
  process.exit(1);
}

function readSettings() {
  const replicas = Number(process.env.REPLICAS || 3);
  if (!Number.isInteger(replicas) || replicas < 1 || replicas > 32) fail(`REPLICAS must be a whole number from 1 to 32, not '${process.env.REPLICAS}'`);
  const port = Number(process.env.PORT || 3000);
  if (!Number.isInteger(port) || port < 1 || port > 65_535) fail(`PORT must be a port number (1-65535), not '${process.env.PORT}'`);
  const host = process.env.HOST || '0.0.0.0';
  return { replicas, port, host };
}

/** nginx's listen value and the address this machine reaches it at. */
function addresses(host, port) {
  const local = ['0.0.0.0', '::', '127.0.0.1', 'localhost'].includes(host);
  const hostLiteral = host.includes(':') ? `[${host}]` : host;
  return {
    listen: host === '0.0.0.0' ? String(port) : `${hostLiteral}:${port}`,
    probe: `http://${local ? '127.0.0.1' : hostLiteral}:${port}`,
    shown: `http://${local ? 'localhost' : hostLiteral}:${port}`,
  };
}

async function healthy(baseUrl) {
  try {
    const response = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) });
    await response.arrayBuffer();
    return response.ok;
  } catch {
    return false;
  }
}

const settings = readSettings();
const where = addresses(settings.host, settings.port);
let nginxBin;
try {
  nginxBin = ensureNginx(log);
} catch (error) {
  fail(error.message);
}
if (!(await portIsFree(settings.port, settings.host === 'localhost' ? '127.0.0.1' : settings.host))) {
  fail(`port ${settings.port} is already in use on ${settings.host}: stop what listens there or choose another with PORT=...`);
}
buildWeb();
buildApi();

const startedAt = Date.now();
const workDir = mkdtempSync(join(tmpdir(), 'tours-cluster-'));
// As root, PostgreSQL runs as postgres and nginx's workers as nobody: both must reach their own subfolders.
if (process.getuid?.() === 0) chmodSync(workDir, 0o711);
log(`temporary directory ${workDir}`);

/** @type {{ name: string, child: import('node:child_process').ChildProcess }[]} */
const children = [];
let postgres;
let postgresStarting;
let postgresWatch;
let stopping = false;

const alive = (child) => child.exitCode === null && child.signalCode === null;
const signalGroup = (child, signal) => {
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
};

/** Starts a child in its own process group (a terminal's Ctrl-C reaches only us, and we stop things in order), its output prefixed. */
function startChild(name, file, args, env) {
  const child = spawn(file, args, { cwd: root, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  for (const [stream, to] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ]) {
    createInterface({ input: stream }).on('line', (line) => to.write(`[${name}] ${line}\n`));
  }
  child.once('error', (error) => void shutdown(1, `${name} could not start: ${error.message}`));
  child.once('exit', (code, signal) => {
    if (!stopping) void shutdown(1, `${name} stopped unexpectedly (${signal ?? `exit code ${code}`}): stopping everything`);
  });
  children.push({ name, child });
  return child;
}

async function stopChild({ name, child }, signal) {
  if (!alive(child)) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  signalGroup(child, signal);
  const timer = delay(STOP_TIMEOUT_MS).then(() => 'timeout');
  if ((await Promise.race([exited, timer])) === 'timeout') {
    log(`${name} did not stop within ${STOP_TIMEOUT_MS / 1000} s: killing it`);
    signalGroup(child, 'SIGKILL');
    await exited;
  }
}

async function shutdown(code, why) {
  if (stopping) return;
  stopping = true;
  clearInterval(postgresWatch);
  log(why);
  // Front to back: no new requests, then the replicas finish theirs, then the database.
  const nginx = children.filter(({ name }) => name === 'nginx');
  await Promise.all(nginx.map((entry) => stopChild(entry, 'SIGQUIT')));
  await Promise.all(children.filter((entry) => !nginx.includes(entry)).map((entry) => stopChild(entry, 'SIGTERM')));
  const server = postgres ?? (await postgresStarting?.catch(() => undefined));
  server?.stop();
  rmSync(workDir, { recursive: true, force: true });
  log(`stopped; deleted ${workDir}`);
  process.exit(code);
}

// Last resort (an exception in this script): nothing may outlive it.
process.on('exit', () => {
  for (const { child } of children) if (alive(child)) signalGroup(child, 'SIGKILL');
  postgres?.stop();
  rmSync(workDir, { recursive: true, force: true });
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (stopping) log(`${signal}: already stopping`);
    else void shutdown(0, `${signal}: stopping nginx, ${settings.replicas} API replicas and PostgreSQL`);
  });
}

/** Waits until every replica answers its health check, or gives up. */
async function waitHealthy(replicas) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  const pending = new Set(replicas);
  while (pending.size > 0 && !stopping) {
    if (Date.now() > deadline) throw new Error(`${[...pending].map((r) => r.name).join(', ')} not healthy after ${READY_TIMEOUT_MS / 1000} s`);
    for (const replica of [...pending]) if (await healthy(`http://${replica.address}`)) pending.delete(replica);
    if (pending.size > 0) await delay(250);
  }
}

/** A PostgreSQL server that disappears (crash, OOM killer, someone's pg_ctl) stops the cluster, as any other part would. */
function watchPostgres(server) {
  postgresWatch = setInterval(() => {
    if (!server.running() && !stopping) {
      process.stderr.write(server.serverLog().split('\n').slice(-10).map((line) => `[postgres] ${line}\n`).join(''));
      void shutdown(1, 'PostgreSQL stopped unexpectedly: stopping everything');
    }
  }, 1_000);
}

async function main() {
  postgresStarting = startPostgres({ dir: join(workDir, 'postgres'), log });
  postgres = await postgresStarting;
  if (stopping) return;
  const databaseUrl = postgres.createDatabase('tours');
  watchPostgres(postgres);
  log(`PostgreSQL ${PG_VERSION} at ${databaseUrl}`);

  const replicas = [];
  for (let n = 1; n <= settings.replicas; n += 1) replicas.push({ name: `api-${n}`, address: `127.0.0.1:${await freePort()}` });
  // All at once, as replicas of a deployment start: migrations and the demo seed take turns under advisory locks (apps/api/src/db).
  for (const replica of replicas) {
    if (stopping) return;
    const port = replica.address.split(':')[1];
    startChild(replica.name, process.execPath, ['--enable-source-maps', API_SERVER], {
      // Its output goes through this script's prefixed lines, not to a terminal: JSON lines.
      ...demoEnvironment(process.env, false),
      // Reachable only from this machine, so only through nginx (or on purpose).
      HOST: '127.0.0.1',
      PORT: port,
      DATABASE_URL: databaseUrl,
      // nginx connects from loopback: its X-Forwarded-* name the visitor's address and origin.
      TRUST_PROXY: 'loopback',
    });
  }
  await waitHealthy(replicas);
  if (stopping) return;

  const nginxDir = join(workDir, 'nginx');
  mkdirSync(join(nginxDir, 'temp'), { recursive: true });
  const config = join(nginxDir, 'cluster.conf');
  writeFileSync(config, renderClusterConfig({ listen: where.listen, replicas }));
  startChild('nginx', nginxBin, ['-p', `${nginxDir}/`, '-c', config, '-e', 'stderr'], process.env);
  const deadline = Date.now() + 30_000;
  while (!stopping && !(await healthy(where.probe))) {
    if (Date.now() > deadline) throw new Error(`nginx is not answering at ${where.probe} after 30 s`);
    await delay(200);
  }
  if (stopping) return;
  const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
  log(`${settings.replicas} API replicas (${replicas.map((r) => `${r.name} ${r.address}`).join(', ')}) behind nginx, PostgreSQL ${PG_VERSION}; started in ${seconds} s`);
  if (process.env.PUBLIC_URL) log(`PUBLIC_URL is ${process.env.PUBLIC_URL}: open the site there`);
  log(`ready: ${where.shown} (Ctrl-C stops it all)`);
}

main().catch((error) => void shutdown(1, `could not start: ${error.message}`));
