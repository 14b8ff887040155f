// The booking write path (issue 15): confirmed bookings per second, beside
// pgbench (TPC-B) on the same PostgreSQL 15 server in the same run.
//   npm run bench:writes -w @tours/bench      (from the repository root)
// Starts a throwaway PostgreSQL 15 cluster (scripts/lib/postgres-cluster.mjs),
// runs `pgbench -i -s 10` and `pgbench -c 16 -j 2 -T 30` on a database of its
// own, then the API (its build, `node apps/api/dist/server.js`, with the environment
// `npm start` gives it) with 1 replica and with 3 replicas on another database of the same
// server, and last the embedded PGlite default (1 process) for comparison.
// Many buyers at once, each looping create → selections → payment token →
// pay (the sandbox provider's frame) → confirm over HTTP, spread over every
// bookable departure (places and rooms raised by SQL so nobody sells out), and
// round robin over the replicas. Writes bench/reports/write-path-<date>.json.
// Settings: WRITE_BENCH_SECONDS (20), WRITE_BENCH_BUYERS (32), PGBENCH_SECONDS (30),
// WRITE_BENCH_PGLITE=0 to leave PGlite out, WRITE_BENCH_THREE=0 to leave 3 replicas out,
// WRITE_BENCH_REPORT=<file> to write the report elsewhere (a trial run), WRITE_BENCH_PER_CALL (100):
// bookings one buyer walks alone first, to read the API's CPU ms per call, WRITE_BENCH_PROFILE_DIR=<dir> for CPU profiles of the API processes.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { buildPaymentTokenRequest } from '@tours/domain';
import { API_SERVER, buildApi } from '../scripts/build-api.mjs';
import { demoEnvironment } from '../scripts/lib/demo-env.mjs';
import { findPostgresBinaries, startPostgres } from '../scripts/lib/postgres-cluster.mjs';
import { WRITE_PATH_BUDGETS } from '../apps/api/test/write-path-budgets.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// The API as `npm start` runs it: its build, rebuilt first when the sources changed.
buildApi();
const seconds = Number(process.env.WRITE_BENCH_SECONDS ?? 20);
const buyers = Number(process.env.WRITE_BENCH_BUYERS ?? 32);
const pgbenchSeconds = Number(process.env.PGBENCH_SECONDS ?? 30);
const withPglite = process.env.WRITE_BENCH_PGLITE !== '0';
const withThree = process.env.WRITE_BENCH_THREE !== '0';
const perCallBookings = Number(process.env.WRITE_BENCH_PER_CALL ?? 100);
const log = (message) => console.error(`[write-path] ${message}`);

/** Statements and transactions per call, as apps/api/test/write-path-statements.test.ts counts and enforces them. */
const STATEMENTS = WRITE_PATH_BUDGETS;
const CALLS = Object.keys(STATEMENTS);

const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

// ---- CPU time, read from /proc (Linux) ---------------------------------------------------------

const TICK_MS = 10; // USER_HZ is 100 on Linux: /proc reports CPU time in hundredths of a second.

/** A process's CPU time in ms from /proc/<pid>/stat: its own, and (withChildren) that of its children it has reaped. */
function cpuMsOf(pid, withChildren = false) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields 14-17 of stat (utime, stime, cutime, cstime) are 11-14 here, counted from field 3 (state).
    const own = Number(fields[11]) + Number(fields[12]);
    return (own + (withChildren ? Number(fields[13]) + Number(fields[14]) : 0)) * TICK_MS;
  } catch {
    return 0;
  }
}

/** The PostgreSQL server's CPU ms so far: the postmaster, its live backends and the ones that have exited. */
function postgresCpuMs(port) {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let cmdline;
    try {
      cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
    } catch {
      continue;
    }
    if (!cmdline[0]?.endsWith('postgres') || !cmdline.includes(String(port))) continue;
    // The postmaster (its cmdline names the port): itself, the children it reaped, and its live children.
    total += cpuMsOf(entry, true);
    for (const child of readdirSync('/proc')) {
      if (!/^\d+$/.test(child)) continue;
      try {
        const stat = readFileSync(`/proc/${child}/stat`, 'utf8');
        if (stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1] === entry) total += cpuMsOf(child);
      } catch {
        // gone meanwhile
      }
    }
  }
  return total;
}

// ---- the API processes -------------------------------------------------------------------------

async function startApi(env) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const profile = process.env.WRITE_BENCH_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.WRITE_BENCH_PROFILE_DIR}`] : [];
  const child = spawn(process.execPath, [...profile, '--enable-source-maps', API_SERVER], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'pipe'],
    // WRITE_BENCH_PROFILE_DIR: each API process writes a CPU profile there when it stops (node --cpu-prof).
    // The environment npm start gives the server (NODE_ENV=production with DEMO=1, scripts/lib/demo-env.mjs).
    env: demoEnvironment({ ...process.env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: base, ...env }, false),
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-4000)));
  for (let attempt = 0; attempt < 240; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`the API exited: ${stderr}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { base, pid: child.pid, stop: () => stopChild(child) };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  child.kill('SIGTERM');
  throw new Error(`the API did not become healthy: ${stderr}`);
}

function stopChild(child) {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
}

// ---- one buyer's calls -------------------------------------------------------------------------

const passenger = (n) => ({
  title: 'Mrs',
  given_name: 'Ada',
  family_name: 'Bench',
  telephone_home: '',
  telephone_mobile: '',
  date_of_birth: '1960-05-01',
  email: `ada.bench+${n}@example.com`,
  address: { line_1: '1 High Street', line_2: '', line_3: '', city: 'London', state: 'Greater London', postal_code: 'EC1A 1BB', country: 'GBR' },
  do_not_email: false,
  do_not_mail: false,
  special_requests: '',
});
const payerAddress = { line_1: '1 High Street', line_2: '', city: 'London', state: 'Greater London', postal_code: 'EC1A 1BB', country: 'GBR' };
const expiry = `12/${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`;

async function call(base, method, path, body, headers = {}) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, json, text };
}

/**
 * Walks one booking through the write path; answers the per-call times and where it stopped.
 * cpuOf (one buyer alone): the API process's CPU ms so far, read around each call into cpu.
 */
async function buyOnce(bases, turn, departure, n, cpuOf, cpu = {}) {
  const times = {};
  const at = (i) => bases[(turn + i) % bases.length];
  const timed = async (name, run) => {
    const started = performance.now();
    const cpuBefore = cpuOf?.();
    const answer = await run();
    times[name] = performance.now() - started;
    if (cpuOf) cpu[name] = (cpu[name] ?? 0) + cpuOf() - cpuBefore;
    return answer;
  };
  const fail = (phase, answer) => ({ ok: false, phase, status: answer.status, detail: answer.text.slice(0, 200), times });

  const created = await timed('create', () => call(at(0), 'POST', '/api/bookings', { ...departure.body, passengers: [passenger(n)] }));
  if (created.status !== 201) return fail('create', created);
  const { booking, token } = created.json.data;
  const auth = { authorization: `Bearer ${token.token}` };
  // The probe's choice, naming this booking's own passenger.
  const allocations = forBooking(departure, booking.passengers[0].id);
  const chosen = await timed('select', () =>
    allocations
      ? call(at(1), 'POST', '/api/bookings/selections', { allocations }, auth)
      : call(at(1), 'POST', '/api/bookings/selection', { tour_id: departure.tourId }, auth),
  );
  if (chosen.status !== 200) return fail('select', chosen);
  const tokenBody = buildPaymentTokenRequest({
    bookingId: booking.id,
    currency: 'GBP',
    amount: chosen.json.data.total_price.value,
    instanceKey: 'booking-site',
    payer: { first_name: 'Ada', last_name: 'Bench', email: `ada.bench+${n}@example.com`, address: payerAddress },
  });
  const opened = await timed('token', () => call(at(2), 'POST', '/api/bookings/payments/token', tokenBody, auth));
  if (opened.status !== 201) return fail('token', opened);
  const paid = await timed('pay', () =>
    call(at(3), 'POST', '/pay/api/frame/payments', { token: opened.json.data.token, card_number: '4242 4242 4242 4242', expiry, cvc: '123', name: 'Ada Bench' }),
  );
  if (paid.status !== 200 || paid.json?.status !== 'succeeded') return fail('pay', paid);
  const confirmed = await timed('confirm', () => call(at(4), 'POST', '/api/bookings/confirm', { payment_id: paid.json.payment_id, currency: 'GBP' }, auth));
  if (confirmed.status !== 200 || confirmed.json?.data?.status !== 'confirmed') return fail('confirm', confirmed);
  return { ok: true, times };
}

// ---- the departures buyers spread over ----------------------------------------------------------

/**
 * Every departure a one-person booking can be confirmed on: a probe booking
 * per departure finds the selection that works (the tour alone, or a single
 * room when the tour has rooms), so the measured buyers never meet a refusal
 * of the choice itself.
 */
async function bookableDepartures(base) {
  const catalogue = await call(base, 'GET', '/api/tours');
  const found = [];
  let n = 0;
  for (const tour of catalogue.json.data.items) {
    for (const departure of tour.departures ?? []) {
      const where = await call(base, 'GET', `/api/tours/find?tour=${tour.code}&departure=${departure.start_date}&currency=GBP`);
      if (where.status !== 200) continue;
      const body = {
        brand_channel: where.json.data.brand_channel,
        currency: 'GBP',
        tour_code: tour.code,
        departure_date: departure.start_date,
        departure_id: where.json.data.departure_id,
        source: { id: 63, subsource_id: 165, subsource_description: 'Benchmark' },
      };
      const created = await call(base, 'POST', '/api/bookings', { ...body, passengers: [passenger(n++)] });
      if (created.status !== 201) continue;
      const auth = { authorization: `Bearer ${created.json.data.token.token}` };
      const tourOfBooking = await call(base, 'GET', '/api/bookings/tour', undefined, auth);
      if (tourOfBooking.status !== 200) continue;
      const tourId = tourOfBooking.json.data.id;
      const passengerIds = created.json.data.booking.passengers.map((p) => p.id);
      const rooms = await call(base, 'GET', `/api/bookings/tour/${tourId}/accommodation`, undefined, auth);
      const roomItems = rooms.status === 200 ? rooms.json.data.items : [];
      const tries = roomItems.length === 0 ? [null] : roomItems.map((room) => ({ accommodation: [{ component_id: room.id, passenger_ids: passengerIds }] }));
      for (const allocations of tries) {
        const answer = allocations
          ? await call(base, 'POST', '/api/bookings/selections', { allocations }, auth)
          : await call(base, 'POST', '/api/bookings/selection', { tour_id: tourId }, auth);
        if (answer.status === 200) {
          // Passenger ids are the probe's: each measured booking names its own (forBooking).
          found.push({ code: tour.code, date: departure.start_date, body, tourId, allocations });
          break;
        }
      }
    }
  }
  return found;
}

/** The probe's allocations with this booking's passenger id (one passenger per booking); null for the tour alone. */
function forBooking(departure, passengerId) {
  if (!departure.allocations) return null;
  return Object.fromEntries(Object.entries(departure.allocations).map(([kind, list]) => [kind, list.map((line) => ({ ...line, passenger_ids: [passengerId] }))]));
}

// ---- a measured round ---------------------------------------------------------------------------

const percentile = (sorted, p) => (sorted.length === 0 ? null : Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] * 10) / 10);

/**
 * cpu: answers the CPU ms used so far by the API processes and by the PostgreSQL server, so
 * the round reports CPU ms per confirmed booking: what a booking costs, whatever the load.
 */
async function round(label, bases, departures, stats, cpu) {
  const times = Object.fromEntries(CALLS.map((name) => [name, []]));
  const failures = {};
  let confirmed = 0;
  let n = 0;
  const before = stats ? await stats() : null;
  const cpuBefore = cpu?.();
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: buyers }, async (_, buyer) => {
      let turn = buyer;
      while (performance.now() < deadline) {
        const departure = departures[(buyer + turn * buyers) % departures.length];
        const id = n++;
        // Created first, so the selection can name the booking's own passenger.
        const result = await buyOnce(bases, turn, departure, id);
        for (const [name, ms] of Object.entries(result.times)) times[name].push(ms);
        if (result.ok) confirmed += 1;
        else {
          const key = `${result.phase} ${result.status}`;
          failures[key] ??= { count: 0, example: result.detail };
          failures[key].count += 1;
        }
        turn += 1;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const cpuAfter = cpu?.();
  const after = stats ? await stats() : null;
  const perCall = Object.fromEntries(
    CALLS.map((name) => {
      const sorted = times[name].sort((a, b) => a - b);
      return [name, { calls: sorted.length, p50_ms: percentile(sorted, 50), p99_ms: percentile(sorted, 99) }];
    }),
  );
  const result = {
    label,
    replicas: bases.length,
    buyers,
    seconds: Math.round(elapsed * 10) / 10,
    confirmed,
    confirmed_per_second: Math.round((confirmed / elapsed) * 10) / 10,
    failures,
    per_call: perCall,
  };
  if (cpuBefore && cpuAfter && confirmed) {
    const api = cpuAfter.api - cpuBefore.api;
    result.cpu = {
      api_ms_per_confirmed_booking: Math.round((api / confirmed) * 10) / 10,
      // Cores the API processes kept busy on average: beside the machine's cores, whether they were the limit.
      api_cores_busy: Math.round((api / (elapsed * 1000)) * 100) / 100,
    };
    if (cpuAfter.db !== undefined) {
      const db = cpuAfter.db - cpuBefore.db;
      result.cpu.database_ms_per_confirmed_booking = Math.round((db / confirmed) * 10) / 10;
      result.cpu.database_cores_busy = Math.round((db / (elapsed * 1000)) * 100) / 100;
    }
  }
  if (before && after) {
    result.database_transactions_per_confirmed_booking = confirmed ? Math.round(((after.xacts - before.xacts) / confirmed) * 10) / 10 : null;
  }
  log(`${label}: ${result.confirmed_per_second} confirmed bookings/s (${confirmed} in ${result.seconds} s), CPU ${JSON.stringify(result.cpu ?? {})}, failures ${JSON.stringify(failures)}`);
  return result;
}

/**
 * CPU ms per call: one buyer alone walks `count` bookings through the write path on one replica, and
 * the API process's CPU time is read around each call. What the process does between the calls (the
 * provider's notification, the e-mail relay drawing the PDF, background jobs) is the rest of the total.
 */
async function cpuPerCall(base, pid, departures, count) {
  // The round before leaves work behind (e-mails to relay, notifications): it is finished first, or it would be counted here.
  for (let waited = 0; waited < 120; waited++) {
    const before = cpuMsOf(pid);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    if (cpuMsOf(pid) - before <= 30) break;
  }
  const cpu = {};
  let confirmed = 0;
  const started = cpuMsOf(pid);
  for (let i = 0; i < count; i++) {
    const result = await buyOnce([base], 0, departures[i % departures.length], 1_000_000 + i, () => cpuMsOf(pid), cpu);
    if (result.ok) confirmed += 1;
  }
  // The e-mail relay and the notification of the last bookings run after their confirm: let them finish.
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const total = cpuMsOf(pid) - started;
  const perBooking = (ms) => (confirmed ? Math.round((ms / confirmed) * 10) / 10 : null);
  const calls = Object.fromEntries(CALLS.map((name) => [name, perBooking(cpu[name] ?? 0)]));
  const inCalls = Object.values(cpu).reduce((sum, ms) => sum + ms, 0);
  const result = { bookings: confirmed, api_ms_per_call: calls, api_ms_between_calls: perBooking(total - inCalls), api_ms_per_confirmed_booking: perBooking(total) };
  log(`CPU per call (1 buyer, ${confirmed} bookings): ${JSON.stringify(result)}`);
  return result;
}

// ---- the run ------------------------------------------------------------------------------------

function pgbench(bin, port, database) {
  const args = ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres'];
  const init = spawnSync(join(bin, 'pgbench'), [...args, '-i', '-s', '10', '-q', database], { encoding: 'utf8' });
  if (init.status !== 0) throw new Error(`pgbench -i failed: ${init.stderr}`);
  const command = `pgbench -c 16 -j 2 -T ${pgbenchSeconds} ${database}`;
  // The CPU both sides use per transaction: the server's, and pgbench's own (a child this process reaps: its cutime).
  const serverBefore = postgresCpuMs(port);
  const clientBefore = cpuMsOf('self', true) - cpuMsOf('self');
  const run = spawnSync(join(bin, 'pgbench'), [...args, '-c', '16', '-j', '2', '-T', String(pgbenchSeconds), database], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`pgbench failed: ${run.stderr}`);
  const serverMs = postgresCpuMs(port) - serverBefore;
  const clientMs = cpuMsOf('self', true) - cpuMsOf('self') - clientBefore;
  const tps = Number(/tps = ([\d.]+) \(without initial connection time\)/.exec(run.stdout)?.[1]);
  const latency = Number(/latency average = ([\d.]+) ms/.exec(run.stdout)?.[1]);
  const transactions = Number(/number of transactions actually processed: (\d+)/.exec(run.stdout)?.[1]);
  const cpu = transactions
    ? {
        database_ms_per_transaction: Math.round((serverMs / transactions) * 1000) / 1000,
        pgbench_client_ms_per_transaction: Math.round((clientMs / transactions) * 1000) / 1000,
        database_cores_busy: Math.round((serverMs / (pgbenchSeconds * 1000)) * 100) / 100,
        pgbench_client_cores_busy: Math.round((clientMs / (pgbenchSeconds * 1000)) * 100) / 100,
      }
    : null;
  log(`pgbench TPC-B: ${tps} tps, CPU ${JSON.stringify(cpu)}`);
  return { command: `pgbench -i -s 10 ${database} && ${command}`, tps, latency_average_ms: latency, transactions, cpu };
}

const report = {
  benchmark: 'booking write path: create → selections → payment token → pay (sandbox frame) → confirm',
  date: new Date().toISOString(),
  command: 'npm run bench:writes -w @tours/bench',
  settings: { seconds, buyers, pgbench_seconds: pgbenchSeconds },
  machine: { cpus: cpus().length, cpu_model: cpus()[0]?.model, memory_gb: Math.round(totalmem() / 2 ** 30), node: process.version, load_average_at_start: loadavg().map((n) => Math.round(n * 100) / 100) },
  statements_per_call: Object.fromEntries(
    Object.entries(STATEMENTS).map(([name, count]) => [name, { ...count, round_trips: count.statements + 2 * count.transactions }]),
  ),
  postgres: { server: 'throwaway PostgreSQL 15 (scripts/lib/postgres-cluster.mjs: fsync off, synchronous_commit off), pgbench and the API on separate databases of it' },
};

const server = await startPostgres({ log });
process.on('exit', () => server.stop());
try {
  report.postgres.pgbench = pgbench(findPostgresBinaries(), server.port, server.createDatabase('pgbench'));
  const databaseUrl = server.createDatabase('tours');
  const env = { DATABASE_URL: databaseUrl };
  const first = await startApi(env);
  const replicas = [first];
  try {
    // Places and rooms enough for every buyer of the run: the bench measures the write path, not selling out.
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query('update departures set capacity = 1000000');
    await admin.query('update departure_options set inventory = 1000000');
    const stats = async () => {
      const { rows } = await admin.query("select xact_commit + xact_rollback as xacts from pg_stat_database where datname = 'tours'");
      return { xacts: Number(rows[0].xacts) };
    };
    const departures = await bookableDepartures(first.base);
    log(`${departures.length} bookable departures`);
    report.departures = departures.length;
    const cpu = () => ({ api: replicas.reduce((sum, replica) => sum + cpuMsOf(replica.pid), 0), db: postgresCpuMs(server.port) });
    report.postgres.one_replica = await round('PostgreSQL, 1 replica', [first.base], departures, stats, cpu);
    // After the round, so the process is warm (modules loaded, code compiled) as it is in service.
    report.postgres.cpu_per_call = await cpuPerCall(first.base, first.pid, departures, perCallBookings);
    if (withThree) {
      replicas.push(await startApi(env), await startApi(env));
      report.postgres.three_replicas = await round('PostgreSQL, 3 replicas', replicas.map((r) => r.base), departures, stats, cpu);
    }
    await admin.end();
  } finally {
    await Promise.all(replicas.map((replica) => replica.stop()));
  }
  const tps = report.postgres.pgbench.tps;
  report.postgres.ratio_to_pgbench = {
    one_replica: Math.round((report.postgres.one_replica.confirmed_per_second / tps) * 1000) / 1000,
    three_replicas: report.postgres.three_replicas ? Math.round((report.postgres.three_replicas.confirmed_per_second / tps) * 1000) / 1000 : null,
    goal: 0.1,
  };
} finally {
  server.stop();
}

if (withPglite) {
  // The embedded default: one process, one connection. Its data directory is seeded by a first start, given the same
  // places and rooms while the server is stopped (one process owns a PGlite directory), then served again.
  const dataDir = mkdtempSync(join(tmpdir(), 'tours-write-bench-'));
  const env = { DATA_DIR: dataDir, DATABASE_URL: '' };
  await (await startApi(env)).stop();
  const embedded = await PGlite.create(dataDir);
  await embedded.exec('update departures set capacity = 1000000; update departure_options set inventory = 1000000;');
  await embedded.close();
  const api = await startApi(env);
  process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
  try {
    const departures = await bookableDepartures(api.base);
    // PGlite runs inside the API process: its CPU is the API's.
    report.pglite = await round('PGlite, 1 process', [api.base], departures, undefined, () => ({ api: cpuMsOf(api.pid) }));
  } finally {
    await api.stop();
  }
}
report.machine.load_average_at_end = loadavg().map((n) => Math.round(n * 100) / 100);

const dir = join(root, 'bench', 'reports');
mkdirSync(dir, { recursive: true });
const file = process.env.WRITE_BENCH_REPORT ?? join(dir, `write-path-${report.date.slice(0, 10)}.json`);
writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
log(`report: ${file}`);
process.exit(0);
