import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../src/db/seed/dates.ts';
import { lead } from './booking-fixtures.ts';
import { today } from './helper.ts';

/**
 * `npm run start:cluster` (scripts/start-cluster.mjs) from the repository, as
 * an operator runs it: its own PostgreSQL 15 server, API replicas and nginx.
 * Everything is reached through nginx only. It starts its own database, so it
 * runs in the embedded-database lane of the API suite only (not under
 * DATABASE_URL, where it would prove nothing more).
 */

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const SCRIPT = join(ROOT, 'scripts/start-cluster.mjs');
const START_TIMEOUT_MS = 300_000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

interface Proc {
  pid: number;
  cmdline: string;
}

function cmdlineOf(pid: number): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
  } catch {
    return undefined;
  }
}

/** Every process now running below `roots` (children, their children...), read from /proc. */
function processTree(roots: number[]): Proc[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // pid (comm) state ppid ...: comm may hold spaces, so read after its closing parenthesis.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // Gone while we looked.
    }
  }
  const found: Proc[] = [];
  const queue = [...roots];
  while (queue.length > 0) {
    const pid = queue.shift()!;
    const cmdline = cmdlineOf(pid);
    if (cmdline !== undefined) found.push({ pid, cmdline });
    queue.push(...(children.get(pid) ?? []));
  }
  return found;
}

/** The PostgreSQL server's own process (it detaches from the script): the one whose data directory is in the cluster's directory. */
function postmasterOf(workDir: string): number | undefined {
  const pid = Number(readFileSync(join(workDir, 'postgres/data/postmaster.pid'), 'utf8').split('\n')[0]);
  return Number.isInteger(pid) ? pid : undefined;
}

interface Cluster {
  child: ChildProcess;
  output: string[];
  port: number;
  base: string;
  workDir: string;
  replicaPorts: number[];
  postgresPort: number;
  startupMs: number;
  exit: Promise<number | null>;
}

/** Starts the script and waits for its ready line (or its death). */
async function startCluster(replicas: number): Promise<Cluster> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', REPLICAS: String(replicas), LOG_LEVEL: 'warn' };
  // As `npm start` runs it (vitest sets NODE_ENV=test), with no deployment settings from the caller's shell.
  for (const name of ['NODE_ENV', 'DATABASE_URL', 'PUBLIC_URL', 'ALLOWED_ORIGINS', 'TRUST_PROXY', 'TEST_FAULTS']) delete env[name];
  // Serve the existing web build rather than rebuild it (the browser suite's set-up does the same); build only if there is none.
  if (!process.env.WEB_DIST && existsSync(join(ROOT, 'apps/web/dist/index.html'))) env.SKIP_WEB_BUILD = '1';
  const startedAt = Date.now();
  const child = spawn(process.execPath, [SCRIPT], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const ready = new Promise<void>((resolve, reject) => {
    const onLine = (line: string) => {
      output.push(line);
      if (/\[cluster\] ready: /.test(line)) resolve();
    };
    for (const stream of [child.stdout!, child.stderr!]) {
      let pending = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        const lines = (pending + chunk).split('\n');
        pending = lines.pop() ?? '';
        lines.forEach(onLine);
      });
    }
    void exit.then((code) => reject(new Error(`start-cluster exited (${code}) before it was ready:\n${output.slice(-40).join('\n')}`)));
  });
  await ready;
  const all = output.join('\n');
  const workDir = /temporary directory (\S+)/.exec(all)![1]!;
  const replicaPorts = [...all.matchAll(/api-\d+ 127\.0\.0\.1:(\d+)/g)].map((match) => Number(match[1]));
  const postgresPort = Number(/PostgreSQL 15 at postgres:\/\/[^:]+@127\.0\.0\.1:(\d+)\//.exec(all)![1]);
  return { child, output, port, base: `http://127.0.0.1:${port}`, workDir, replicaPorts, postgresPort, startupMs: Date.now() - startedAt, exit };
}

/** Never leaves a cluster behind, even when a test failed half-way. */
async function forceStop(cluster: Cluster | undefined): Promise<void> {
  if (!cluster || cluster.child.exitCode !== null || cluster.child.signalCode !== null) return;
  cluster.child.kill('SIGTERM');
  const stopped = await Promise.race([cluster.exit.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 30_000))]);
  if (!stopped) cluster.child.kill('SIGKILL');
}

async function get(base: string, path: string, init?: RequestInit) {
  const response = await fetch(`${base}${path}`, init);
  const body = await response.text();
  return { status: response.status, replica: response.headers.get('x-replica'), contentType: response.headers.get('content-type') ?? '', body };
}

/** Asserts that the cluster's processes are all gone, its ports free and its directory deleted. */
async function expectAllGone(cluster: Cluster, processes: Proc[]): Promise<void> {
  const left = processes.filter(({ pid, cmdline }) => cmdlineOf(pid) === cmdline);
  expect(left, 'processes still running').toEqual([]);
  for (const port of [cluster.port, ...cluster.replicaPorts, cluster.postgresPort]) expect(await portIsFree(port), `port ${port}`).toBe(true);
  expect(existsSync(cluster.workDir)).toBe(false);
}

if (!process.env.DATABASE_URL) {
  describe('npm run start:cluster: PostgreSQL 15, three API replicas and nginx on one origin', () => {
    let cluster: Cluster | undefined;
    let processes: Proc[] = [];

    beforeAll(async () => {
      cluster = await startCluster(3);
      const postmaster = postmasterOf(cluster.workDir);
      processes = processTree([cluster.child.pid!, ...(postmaster ? [postmaster] : [])]);
      console.info(`start:cluster ready in ${(cluster.startupMs / 1000).toFixed(1)} s`);
    }, START_TIMEOUT_MS);
    afterAll(() => forceStop(cluster), 60_000);

    it('runs nginx, three replicas (the built API, run by plain node) and a PostgreSQL 15 server from its temporary directory', () => {
      const { workDir, replicaPorts } = cluster!;
      expect(replicaPorts).toHaveLength(3);
      expect(processes.filter((p) => p.cmdline.includes('apps/api/dist/server.js'))).toHaveLength(3);
      expect(processes.some((p) => p.cmdline.startsWith('nginx: master process') && p.cmdline.includes(`-p ${workDir}/nginx/`))).toBe(true);
      expect(processes.some((p) => p.cmdline.includes(`postgres -D ${workDir}/postgres/data`))).toBe(true);
    });

    it('the replicas, started together, migrated and seeded the one database exactly once', async () => {
      const client = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${cluster!.postgresPort}/tours` });
      await client.connect();
      try {
        const { rows } = await client.query<{ seeds: number; applied: number }>(
          "select (select count(*)::int from seed_runs) as seeds, (select count(*)::int from audit_log where action = 'seed.applied') as applied",
        );
        expect(rows).toEqual([{ seeds: 1, applied: 1 }]);
      } finally {
        await client.end();
      }
    });

    it('serves the SPA at / and the API at /api through nginx', async () => {
      const page = await get(cluster!.base, '/');
      expect(page.status).toBe(200);
      expect(page.contentType).toMatch(/^text\/html/);
      expect(page.body).toMatch(/<script type="module"[^>]* src="\/assets\/[^"]+\.js"/);
      const health = await get(cluster!.base, '/api/health');
      expect(health.status).toBe(200);
      expect(JSON.parse(health.body)).toEqual({ status: 'ok', database: 'up' });
    });

    it('spreads requests over every replica', async () => {
      const counts: Record<string, number> = {};
      for (let n = 0; n < 30; n += 1) {
        const { status, replica } = await get(cluster!.base, '/api/health');
        expect(status).toBe(200);
        counts[replica ?? 'unnamed'] = (counts[replica ?? 'unnamed'] ?? 0) + 1;
      }
      console.info(`30 requests through nginx: ${JSON.stringify(counts)}`);
      expect(Object.keys(counts).sort()).toEqual(['api-1', 'api-2', 'api-3']);
      for (const count of Object.values(counts)) expect(count).toBeGreaterThanOrEqual(5);
    });

    it('a booking made on one replica is read and changed on the others with its token', async () => {
      const { base } = cluster!;
      const departure = addDays(today(), 90);
      const found = await get(base, `/api/tours/find?tour=MHW-VIE&departure=${departure}&currency=GBP`);
      expect(found.status, found.body).toBe(200);
      const tour = JSON.parse(found.body).data;
      const booking = { brand_channel: tour.brand_channel, currency: 'GBP', tour_code: 'MHW-VIE', departure_date: departure, departure_id: tour.departure_id, passengers: [lead], source: { id: 63, subsource_id: 165, subsource_description: 'A friend' } };
      const created = await get(base, '/api/bookings', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(booking) });
      expect(created.status, created.body).toBe(201);
      const { token } = JSON.parse(created.body).data;
      const headers = { authorization: `Bearer ${token.token}` };

      const readBy = new Set<string>();
      for (let n = 0; n < 6; n += 1) {
        const read = await get(base, '/api/bookings/tour', { headers });
        expect(read.status, read.body).toBe(200);
        expect(JSON.parse(read.body).data.id).toEqual(expect.any(Number));
        readBy.add(read.replica!);
      }
      // Round robin: the reads reached the replicas that did not make the booking.
      expect([...readBy].filter((name) => name !== created.replica).length).toBe(2);

      const changed = await get(base, '/api/bookings/passengers', {
        method: 'PUT',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ passengers: [{ ...lead, special_requests: 'Window seat' }], source: booking.source }),
      });
      expect(changed.status, changed.body).toBe(200);
      expect(changed.replica).not.toBe(created.replica);
      // The same booking goes on with the same token, wherever the next request lands.
      expect(JSON.parse(changed.body).data.token).toBeNull();
      const again = await get(base, '/api/bookings/tour', { headers });
      expect(again.status, again.body).toBe(200);
    });

    // Last: it stops the cluster the other tests use.
    it('Ctrl-C stops nginx, every replica and PostgreSQL, frees the ports and deletes the directory', async () => {
      expect(processes.length).toBeGreaterThanOrEqual(5);
      const stoppingAt = Date.now();
      cluster!.child.kill('SIGINT');
      expect(await cluster!.exit).toBe(0);
      console.info(`start:cluster stopped in ${((Date.now() - stoppingAt) / 1000).toFixed(1)} s`);
      expect(cluster!.output.join('\n')).toMatch(/\[cluster\] stopped; deleted /);
      await expectAllGone(cluster!, processes);
    }, 60_000);
  });

  describe('npm run start:cluster when a part dies', () => {
    let cluster: Cluster | undefined;
    afterAll(() => forceStop(cluster), 60_000);

    it('stops everything else and exits with 1 when a replica is killed', async () => {
      cluster = await startCluster(2);
      const postmaster = postmasterOf(cluster.workDir);
      const processes = processTree([cluster.child.pid!, ...(postmaster ? [postmaster] : [])]);
      const replica = processes.find((p) => p.cmdline.includes('apps/api/dist/server.js'))!;
      process.kill(replica.pid, 'SIGKILL');
      expect(await cluster.exit).toBe(1);
      expect(cluster.output.join('\n')).toMatch(/api-\d stopped unexpectedly \(SIGKILL\): stopping everything/);
      await expectAllGone(cluster, processes);
    }, START_TIMEOUT_MS);
  });
}

// Both lanes: no database, and a file must define a test under DATABASE_URL too.
describe('the nginx configurations in deploy/', () => {
  const nginx = process.env.NGINX_BIN ?? '/usr/sbin/nginx';
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'tours-nginx-conf-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("deploy/nginx/nginx.conf (compose's) passes nginx -t with its replicas' names resolvable", () => {
    // Compose's DNS names exist only inside compose: here they are loopback, as nginx -t must resolve them.
    const conf = readFileSync(join(ROOT, 'deploy/nginx/nginx.conf'), 'utf8');
    expect(conf.match(/server api-\d:3000/g)).toEqual(['server api-1:3000', 'server api-2:3000', 'server api-3:3000']);
    writeFileSync(join(dir, 'nginx.conf'), conf.replace(/server api-\d:3000/g, 'server 127.0.0.1:3000'));
    // Its access log is /dev/stdout, which nginx cannot open on a socket (as spawnSync's pipes are): /dev/null here.
    const result = spawnSync(nginx, ['-t', '-p', `${dir}/`, '-c', join(dir, 'nginx.conf'), '-e', 'stderr'], { encoding: 'utf8', stdio: ['ignore', 'ignore', 'pipe'] });
    expect(result.status, result.stderr).toBe(0);
    expect(result.stderr).toContain('test is successful');
  });

  it('compose runs three replicas of the image behind nginx, in production, never a demo by default', () => {
    const compose = readFileSync(join(ROOT, 'deploy/compose.yaml'), 'utf8');
    expect(compose.match(/^ {2}api-\d: \*api$/gm)).toEqual(['  api-1: *api', '  api-2: *api', '  api-3: *api']);
    expect(compose).toMatch(/^ {4}NODE_ENV: production$/m);
    expect(compose).toMatch(/^ {4}DEMO: \$\{DEMO:-0\}$/m);
    expect(compose).toMatch(/^ {4}SEED: \$\{SEED:-none\}$/m);
    expect(compose).toMatch(/image: postgres:15/);
    expect(compose).toContain('./nginx/nginx.conf:/etc/nginx/nginx.conf:ro');
    const dockerfile = readFileSync(join(ROOT, 'deploy/Dockerfile'), 'utf8');
    expect(dockerfile).toMatch(/^FROM \$\{NODE_IMAGE\} AS runtime$/m);
    expect(dockerfile).toContain('ARG NODE_IMAGE=node:20-bookworm-slim');
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/^HEALTHCHECK .*\n.*\/api\/health/m);
  });
});
