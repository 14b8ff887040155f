#!/usr/bin/env node
// Runs a command against a throwaway PostgreSQL 15 cluster:
//   node scripts/with-postgres.mjs npx vitest run --project api
// The cluster lives in a temporary directory on a free port of 127.0.0.1 with
// trust authentication; the command gets DATABASE_URL pointing at its
// maintenance database, and the cluster is stopped and deleted afterwards.
// Exits with the command's exit code.
import { spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const PG_VERSION = 15;
const command = process.argv.slice(2);
if (command.length === 0) {
  console.error('Usage: node scripts/with-postgres.mjs <command...>');
  process.exit(2);
}

const isRoot = process.getuid?.() === 0;
const log = (message) => console.error(`[with-postgres] ${message}`);

function run(file, args, options = {}) {
  const result = spawnSync(file, args, { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8', ...options });
  if (result.status !== 0) {
    const output = `${result.stdout ?? ''}${result.stderr ?? ''}${result.error ? String(result.error) : ''}`.trim();
    throw new Error(`${file} ${args.join(' ')} failed:\n${output}`);
  }
  return result.stdout;
}

/** PostgreSQL refuses to run as root, so the server runs as the `postgres` OS user then. */
function asPostgres(file, args) {
  return isRoot ? run('runuser', ['-u', 'postgres', '--', file, ...args]) : run(file, args);
}

function findBinaries() {
  const candidates = [process.env.PG_BIN, `/usr/lib/postgresql/${PG_VERSION}/bin`].filter(Boolean);
  const found = () => candidates.find((dir) => existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl')));
  if (found()) return found();
  if (!isRoot) throw new Error(`PostgreSQL ${PG_VERSION} not found in ${candidates.join(', ')}; install postgresql-${PG_VERSION} or set PG_BIN.`);
  log(`installing postgresql-${PG_VERSION} with apt-get`);
  const install = (pkg) => spawnSync('apt-get', ['install', '-y', '--no-install-recommends', pkg], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  if (install(`postgresql-${PG_VERSION}`).status !== 0) {
    spawnSync('apt-get', ['update'], { stdio: 'inherit' });
    if (install(`postgresql-${PG_VERSION}`).status !== 0) install('postgresql');
  }
  if (!found()) throw new Error(`PostgreSQL ${PG_VERSION} is still missing after apt-get install.`);
  return found();
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const bin = findBinaries();
const root = mkdtempSync(join(tmpdir(), 'tours-pg-'));
const data = join(root, 'data');
if (isRoot) {
  const uid = Number(run('id', ['-u', 'postgres']).trim());
  const gid = Number(run('id', ['-g', 'postgres']).trim());
  chownSync(root, uid, gid);
}

let started = false;
function stopCluster() {
  if (started) {
    try {
      asPostgres(join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop']);
    } catch (error) {
      log(`could not stop the cluster: ${error.message}`);
    }
    started = false;
  }
  rmSync(root, { recursive: true, force: true });
}

let exitCode = 1;
try {
  const port = await freePort();
  asPostgres(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
  // Durability is pointless for a cluster deleted in a minute; speed is not.
  const serverOptions = `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
  asPostgres(join(bin, 'pg_ctl'), ['-D', data, '-o', serverOptions, '-l', join(root, 'server.log'), '-w', '-t', '60', 'start']);
  started = true;
  const databaseUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
  log(`PostgreSQL ${PG_VERSION} ready at ${databaseUrl}`);

  const child = spawn(command[0], command.slice(1), { stdio: 'inherit', env: { ...process.env, DATABASE_URL: databaseUrl } });
  const forward = (signal) => child.kill(signal);
  process.on('SIGINT', forward);
  process.on('SIGTERM', forward);
  exitCode = await new Promise((resolve) => {
    child.once('error', (error) => {
      log(`could not run ${command[0]}: ${error.message}`);
      resolve(127);
    });
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
} catch (error) {
  log(error.message);
} finally {
  stopCluster();
}
process.exit(exitCode);
