// A throwaway PostgreSQL 15 server, shared by scripts/with-postgres.mjs (the
// test:pg lane) and scripts/start-cluster.mjs (npm run start:cluster). It runs
// from a temporary directory on a free port of 127.0.0.1 with trust
// authentication, tuned for speed over durability, and stop() deletes it.
import { spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './ports.mjs';

export const PG_VERSION = 15;
const isRoot = process.getuid?.() === 0;

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

/** The directory holding initdb and pg_ctl (PG_BIN, or Debian's); as root, installs postgresql-15 with apt-get when missing. */
export function findPostgresBinaries(log = () => {}) {
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

function postmasterPidOf(data) {
  try {
    const pid = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** Whether the server of this data directory runs (a signal-0 probe; EPERM means it exists as another user). */
function postmasterAlive(data) {
  const pid = postmasterPidOf(data);
  if (pid === undefined) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/**
 * Starts a server and waits until it accepts connections.
 *   dir: where it lives (created; deleted by stop()); default a new tours-pg-* temporary directory.
 *   maxConnections: the server's max_connections.
 * Returns { port, url(database), createDatabase(name), running(), serverLog(), stop() }; stop() is
 * synchronous so that it also works from an 'exit' handler.
 */
export async function startPostgres({ dir, log = () => {}, maxConnections = 200 } = {}) {
  const bin = findPostgresBinaries(log);
  const root = dir ?? mkdtempSync(join(tmpdir(), 'tours-pg-'));
  mkdirSync(root, { recursive: true, mode: 0o700 });
  const data = join(root, 'data');
  let started = false;
  const stop = () => {
    // A server that died on its own has nothing left to stop (pg_ctl would only complain).
    if (started && postmasterAlive(data)) {
      try {
        asPostgres(join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop']);
      } catch (error) {
        log(`could not stop PostgreSQL: ${error.message}`);
      }
      started = false;
    }
    rmSync(root, { recursive: true, force: true });
  };

  try {
    if (isRoot) {
      const uid = Number(run('id', ['-u', 'postgres']).trim());
      const gid = Number(run('id', ['-g', 'postgres']).trim());
      chownSync(root, uid, gid);
    }
    const port = await freePort();
    asPostgres(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
    // Durability is pointless for a server deleted in a minute; speed is not.
    const serverOptions = `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=${maxConnections}`;
    asPostgres(join(bin, 'pg_ctl'), ['-D', data, '-o', serverOptions, '-l', join(root, 'server.log'), '-w', '-t', '60', 'start']);
    started = true;
    const url = (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`;
    return {
      port,
      url,
      /** Creates a database owned by the postgres role; returns its URL. */
      createDatabase(name) {
        run(join(bin, 'createdb'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', name]);
        return url(name);
      },
      /** Whether the server still runs (it may die on its own: a crash, the OOM killer, someone's pg_ctl). */
      running: () => postmasterAlive(data),
      /** The server's log so far (why it stopped, when it did). */
      serverLog() {
        try {
          return readFileSync(join(root, 'server.log'), 'utf8');
        } catch {
          return '';
        }
      },
      stop,
    };
  } catch (error) {
    stop();
    throw error;
  }
}
