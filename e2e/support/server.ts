import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { lookup } from 'node:dns/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * One full stack per Playwright worker, served as `npm start` serves it (SPA,
 * API and sandboxes on one origin) on its own port and its own embedded
 * database seeded with the demo, so workers never see each other's bookings,
 * holds, payments or e-mails. The global set-up builds the web app and the
 * API once and seeds one database; every worker's server serves that build, on a copy of
 * that database.
 */

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
/** The worker's baseURL names the server by IP; tests that open the site as `localhost` use `server.port`. */
const BASE_HOST = '127.0.0.1';
const START_ATTEMPTS = 3;
const READY_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 15_000;

/** Set by the global set-up for the workers: the run's scratch directory, the build its servers serve and the data they start from. */
export const RUN_DIR_ENV = 'E2E_RUN_DIR';
export const WEB_DIST_ENV = 'E2E_WEB_DIST';
export const SEEDED_DATA_ENV = 'E2E_SEEDED_DATA_DIR';

export interface WorkerServer {
  /**
   * http://127.0.0.1:<port>, the worker's baseURL. The server has no
   * PUBLIC_URL: like `npm start` it serves the site at whatever origin
   * reaches it, so http://localhost:<port> works as well.
   */
  baseURL: string;
  port: number;
  dataDir: string;
  /** Stops the server and removes its data directory. */
  stop(): Promise<void>;
}

/**
 * The address the server listens on, so that the site opens both as
 * 127.0.0.1 and as localhost, and only on this machine. Fastify, told
 * 'localhost', listens on every address localhost resolves to (127.0.0.1
 * here, and ::1 where /etc/hosts says so): that covers both names when
 * localhost includes 127.0.0.1. Where it does not, '::' (dual stack) takes
 * both 127.0.0.1 and ::1.
 */
let listenHost: Promise<string> | undefined;
function loopbackHost(): Promise<string> {
  listenHost ??= lookup('localhost', { all: true }).then(
    (addresses) => (addresses.some((entry) => entry.address === BASE_HOST) ? 'localhost' : '::'),
    () => '::',
  );
  return listenHost;
}

/** A port nobody listens on right now, chosen by the kernel. */
function freePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen(0, host === 'localhost' ? BASE_HOST : host, () => {
      const address = probe.address();
      probe.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('No port assigned'))));
    });
  });
}

/**
 * Whether process `pid` holds the listening socket on `port` (Linux /proc), so
 * a health answer from some other process that took the port is never taken
 * for our server's. Elsewhere it cannot tell, and trusts the answer.
 */
function listensOn(pid: number, port: number): boolean {
  if (!existsSync('/proc/net/tcp')) return true;
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    if (!existsSync(table)) continue;
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      // local_address is HEXIP:HEXPORT; state 0A is LISTEN; the inode is the 10th field.
      if (fields[1]?.endsWith(`:${hexPort}`) && fields[3] === '0A' && fields[9]) inodes.add(fields[9]);
    }
  }
  try {
    return readdirSync(`/proc/${pid}/fd`).some((fd) => {
      try {
        return inodes.has(/^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1] ?? '');
      } catch {
        return false;
      }
    });
  } catch {
    return false;
  }
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function healthy(url: string): Promise<boolean> {
  try {
    const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) });
    return response.ok;
  } catch {
    return false;
  }
}

/** Sends `signal` to the server and its children (it leads its own process group). */
function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

async function stopChild(child: ChildProcess): Promise<void> {
  signalGroup(child, 'SIGTERM');
  const stopped = await Promise.race([exited(child).then(() => true), delay(STOP_TIMEOUT_MS).then(() => false)]);
  if (!stopped) {
    signalGroup(child, 'SIGKILL');
    await exited(child);
  }
}

/** The lines a server printed last, to explain why it did not start. */
function tail(lines: string[]): string {
  return lines.slice(-40).join('\n');
}

/** Starts one server on a free port and a fresh data directory; waits until /api/health answers from it. */
async function startOnce(label: string, dataDir: string, webDist: string | undefined, env: Record<string, string>): Promise<WorkerServer> {
  const host = await loopbackHost();
  const port = await freePort(host);
  const baseURL = `http://${BASE_HOST}:${port}`;
  const output: string[] = [];
  // The API itself, as scripts/start.mjs runs it: its build, with plain node (the global set-up built it and the web app).
  const child = spawn(process.execPath, ['--enable-source-maps', join(ROOT, 'apps/api/dist/server.js')], {
    cwd: ROOT,
    // Its own process group, so stopping it stops everything it started, and a Ctrl-C reaches it only through us.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      HOST: host,
      PORT: String(port),
      // No PUBLIC_URL, ALLOWED_ORIGINS or TRUST_PROXY, whatever the caller's shell says: the site follows each request's origin.
      PUBLIC_URL: '',
      ALLOWED_ORIGINS: '',
      TRUST_PROXY: '',
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      SEED: 'demo',
      // The test-only fault switch (refused in production) for the unconfirmed-booking path.
      TEST_FAULTS: 'true',
      // Every test of a worker comes from 127.0.0.1: one client to the limiters. The limits themselves are the API suite's to prove
      // (a spec that shows a refusal starts a server with small limits of its own: `env` below).
      AGENT_VERIFY_CLIENT_LIMIT: '1000',
      AGENT_VERIFY_AGENT_FAILURE_LIMIT: '1000',
      SIGN_IN_CODE_SEND_ADDRESS_LIMIT: '1000',
      SIGN_IN_CODE_SEND_CLIENT_LIMIT: '1000',
      SIGN_IN_CODE_FAILURE_ADDRESS_LIMIT: '1000',
      SIGN_IN_CODE_FAILURE_CLIENT_LIMIT: '1000',
      PROMO_CODE_BOOKING_FAILURE_LIMIT: '1000',
      PROMO_CODE_CLIENT_FAILURE_LIMIT: '1000',
      POSTCODE_LOOKUP_CLIENT_LIMIT: '1000',
      ...(webDist ? { WEB_DIST: webDist } : {}),
      ...env,
    },
  });
  const relay = (stream: NodeJS.ReadableStream, to: NodeJS.WriteStream) => {
    let pending = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      const lines = (pending + chunk).split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        output.push(line);
        if (output.length > 200) output.shift();
        to.write(`[server ${label}] ${line}\n`);
      }
    });
  };
  relay(child.stdout!, process.stdout);
  relay(child.stderr!, process.stderr);
  // Never leave a server behind, even when the worker goes down without its teardown.
  const killOnExit = () => signalGroup(child, 'SIGKILL');
  process.on('exit', killOnExit);

  const deadline = Date.now() + READY_TIMEOUT_MS;
  let ready = false;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) break;
    if ((await healthy(baseURL)) && child.pid !== undefined && listensOn(child.pid, port)) {
      ready = true;
      break;
    }
    await delay(150);
  }
  if (!ready) {
    const why = child.exitCode !== null || child.signalCode !== null ? `exited (${child.exitCode ?? child.signalCode})` : `not healthy after ${READY_TIMEOUT_MS} ms`;
    await stopChild(child);
    process.off('exit', killOnExit);
    throw new Error(`The e2e server for worker ${label} on ${baseURL} ${why}:\n${tail(output)}`);
  }

  return {
    baseURL,
    port,
    dataDir,
    async stop() {
      await stopChild(child);
      process.off('exit', killOnExit);
    },
  };
}

/**
 * A fresh server for one worker; retries on another port when the chosen one
 * was taken in the meantime. `env` overrides settings (a spec that needs
 * small rate limits to show a refusal). Its database is a copy of the one
 * the global set-up's server migrated and seeded (seedDataDirectory), so it
 * starts without migrating and seeding again.
 */
export async function startWorkerServer(label: string, env: Record<string, string> = {}): Promise<WorkerServer> {
  const runDir = process.env[RUN_DIR_ENV] ?? tmpdir();
  mkdirSync(runDir, { recursive: true });
  const webDist = process.env[WEB_DIST_ENV];
  const seeded = process.env[SEEDED_DATA_ENV];
  const errors: string[] = [];
  for (let attempt = 1; attempt <= START_ATTEMPTS; attempt++) {
    const dataDir = mkdtempSync(join(runDir, `db-${label}-`));
    if (seeded) cpSync(seeded, dataDir, { recursive: true });
    try {
      const server = await startOnce(label, dataDir, webDist, env);
      return {
        ...server,
        async stop() {
          await server.stop();
          rmSync(dataDir, { recursive: true, force: true });
        },
      };
    } catch (error) {
      rmSync(dataDir, { recursive: true, force: true });
      errors.push(error instanceof Error ? error.message : String(error));
    }
  }
  throw new Error(errors.join('\n\n'));
}

/**
 * Migrates and seeds `dataDir` as a worker's server would on its first
 * start: a server is started on it and stopped once it answers. The global
 * set-up does it once; every worker's server then starts on a copy.
 */
export async function seedDataDirectory(dataDir: string): Promise<void> {
  mkdirSync(dataDir, { recursive: true });
  // No build to serve: this server only prepares the database.
  const server = await startOnce('seed', dataDir, `${dataDir}-no-web-dist`, { LOG_LEVEL: 'error' });
  await server.stop();
  await plentyOfPlaces(dataDir);
}

/**
 * A worker's server lives for the whole run, so every spec it runs holds
 * places, rooms and seats in one database, and holds last until they lapse:
 * the demo's 24 places on the far Vienna departure, or its 20 seats on a
 * return flight, run out part-way through a run, and a spec that meets the
 * sold-out quote fails for a reason it is not about. The browser tests' copy
 * gets ten times the demo's places, rooms and seats wherever there are some
 * (a sold-out departure, room or flight stays sold out, which the tour-page
 * and booking-flow specs read), as the API tests give themselves plenty of
 * rooms (apps/api/test/payment-fixtures.ts). Specs read places left from the
 * API, never as the demo's figures.
 */
async function plentyOfPlaces(dataDir: string): Promise<void> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const db = await PGlite.create(dataDir, { extensions: { pg_trgm } });
  try {
    await db.query('update departures set capacity = capacity * 10 where capacity > 0');
    await db.query("update departure_options set inventory = inventory * 10 where kind in ('flight', 'room') and inventory > 0");
  } finally {
    await db.close();
  }
}
