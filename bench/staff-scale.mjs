// The staff console at an operator's real scale (issue 26): every staff list,
// search, queue and export on a season of 500 departures, 20,000 bookings and
// 40,000 passengers, on both engines, against the goal of 300 ms at p95.
//   npm run bench:staff -w @tours/bench      (from the repository root)
// For each engine (the embedded PGlite in a data directory, as `npm start`
// keeps it, then a throwaway PostgreSQL 15 server, scripts/lib/postgres-cluster.mjs):
//  1. the database is migrated and seeded as the API does at start (the
//     demo's tours, bookings and staff), then the season is written into it
//     with multi-row INSERTs (bench/lib/staff-dataset.mjs) and ANALYZEd, as
//     autovacuum would have done over the months the bookings came in;
//  2. a staff member (operations and admin) and a session of theirs are made
//     through the staff module's own services, as the API tests make theirs
//     (apps/api/test/staff-fixtures.ts): no sign-in back door is added;
//  3. the API's build runs on it as `npm start` runs it (NODE_ENV=production
//     with DEMO=1, scripts/lib/demo-env.mjs), alone in its process;
//  4. each call is sent one at a time by one staff member: a few unrecorded
//     warm-up calls, then STAFF_BENCH_SAMPLES (50) timed ones, each with
//     other values (references, names, addresses, months... drawn from the
//     season), the time from sending to the answer's last byte.
// Writes bench/reports/staff-scale-<date>.json (STAFF_BENCH_REPORT=<file> for a
// trial) with p50/p95/p99 per call and engine. Stops by itself; the data
// directory and the PostgreSQL server are deleted on the way out.
// Settings: STAFF_BENCH_ENGINES (pglite,postgres), STAFF_BENCH_SAMPLES (50),
// STAFF_BENCH_WARMUP (3), STAFF_BENCH_ONLY=<text> (only the calls whose name contains it).
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { BALANCE_DUE_DAYS, toIsoDate } from '@tours/domain';
import { API_SERVER, buildApi } from '../scripts/build-api.mjs';
import { demoEnvironment } from '../scripts/lib/demo-env.mjs';
import { startPostgres } from '../scripts/lib/postgres-cluster.mjs';
import { openDatabase, queryRows } from '../apps/api/src/db/client.ts';
import { seedDemoData } from '../apps/api/src/db/seed/index.ts';
import { DEMO_STAFF } from '../apps/api/src/db/seed/data/staff.ts';
import { databaseClock, readDatabaseNow } from '../apps/api/src/lib/clock.ts';
import { seedStaffMembers } from '../apps/api/src/modules/staff/index.ts';
import { insertStaffMember } from '../apps/api/src/modules/staff/members.ts';
import { createStaffSession } from '../apps/api/src/modules/staff/sessions.ts';
import { refreshExportLines } from '../apps/api/src/modules/staff-bookings/export-lines.ts';
import { SEASON, writeSeason } from './lib/staff-dataset.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const GOAL_P95_MS = 300;
const engines = (process.env.STAFF_BENCH_ENGINES ?? 'pglite,postgres').split(',').map((engine) => engine.trim());
const samplesPerCall = Number(process.env.STAFF_BENCH_SAMPLES ?? 50);
const warmup = Number(process.env.STAFF_BENCH_WARMUP ?? 3);
const only = process.env.STAFF_BENCH_ONLY;
const log = (message) => console.error(`[staff-scale] ${message}`);

// Everything this run starts is stopped, and everything it writes deleted, however it ends.
const cleanups = [];
const cleanUp = () => {
  while (cleanups.length) {
    try {
      cleanups.pop()();
    } catch {
      // already gone
    }
  }
};
process.on('exit', cleanUp);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));

const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
const round = (value) => Math.round(value * 10) / 10;
const loadAverage = () => loadavg().map((value) => Math.round(value * 100) / 100);

// ---- the database: migrated, seeded, the season written, a staff session ------------------------

async function prepare(engine) {
  let dataDir;
  let databaseUrl;
  if (engine === 'pglite') {
    dataDir = mkdtempSync(join(tmpdir(), 'tours-staff-bench-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  } else if (engine === 'postgres') {
    const server = await startPostgres({ log });
    cleanups.push(() => server.stop());
    databaseUrl = server.createDatabase('tours');
  } else {
    throw new Error(`unknown engine ${engine}: pglite or postgres`);
  }
  // Long timeouts: the season's statements are large, and nobody else waits on them.
  const connection = await openDatabase({ databaseUrl, dataDir: dataDir ?? '', poolMax: 1, timeouts: { statementMs: 600_000, lockMs: 600_000 } });
  try {
    const started = performance.now();
    // What the API does at start (apps/api/src/plugins/db.ts): migrations, the demo seed, the demo staff.
    await connection.migrate();
    const now = databaseClock();
    const today = toIsoDate(await readDatabaseNow(connection.db, now));
    await seedDemoData(connection.db, today);
    await seedStaffMembers(connection.db, DEMO_STAFF, now);
    const seededMs = performance.now() - started;

    const run = (text) => queryRows(connection.db, sql.raw(text));
    const writing = performance.now();
    const season = await writeSeason(run, { today, log: (message) => log(`${engine}: ${message}`) });
    const writtenMs = performance.now() - writing;
    const analysing = performance.now();
    await run('analyze');
    const analysedMs = performance.now() - analysing;
    // The bookings CSV's read model, as the API's background job would have kept it while the bookings came in (docs/decisions/0021).
    const building = performance.now();
    const linesBuilt = await refreshExportLines(connection.db, BALANCE_DUE_DAYS);
    const builtMs = performance.now() - building;

    // The bench's staff member and session, through the staff module's services (as apps/api/test/staff-fixtures.ts does).
    const member = await insertStaffMember(connection.db, { email: 'bench.operator@meridian-tours.example', name: 'Bench Operator', roles: ['operations', 'admin'] }, now);
    const session = await createStaffSession(connection.db, { id: member.id, email: member.email, name: member.name, roles: member.roles }, 'passkey', now);
    const [counts] = await run(
      `select (select count(*) from departures) as departures, (select count(*) from bookings) as bookings, (select count(*) from booking_passengers) as passengers,
              (select count(*) from payments) as payments, (select count(*) from refunds) as refunds, (select count(*) from booking_components) as components,
              (select count(*) from allocations) as allocations, (select count(*) from audit_log) as audit_entries, (select count(*) from outbox_messages) as emails,
              (select count(*) from staff_members) as staff_members, (select count(*) from agents) as agents, (select count(*) from customers) as customers`,
    );
    const [statuses] = await run(`select json_object_agg(status, n) as statuses from (select status, count(*) as n from bookings group by status) s`);
    return {
      env: databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: dataDir, DATABASE_URL: '' },
      token: session.token,
      season,
      dataset: {
        today,
        rows: Object.fromEntries(Object.entries(counts).map(([table, n]) => [table, Number(n)])),
        bookings_by_status: statuses.statuses,
        seconds: { migrate_and_seed: round(seededMs / 1000), write_season: round(writtenMs / 1000), analyze: round(analysedMs / 1000), export_lines: round(builtMs / 1000) },
        export_lines_built: linesBuilt,
      },
    };
  } finally {
    await connection.close();
  }
}

// ---- the API, as npm start runs it ---------------------------------------------------------------

async function startApi(env) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--enable-source-maps', API_SERVER], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: demoEnvironment({ ...process.env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: base, ...env }, false),
  });
  const kill = () => child.exitCode === null && child.kill('SIGTERM');
  cleanups.push(kill);
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-4000)));
  for (let attempt = 0; attempt < 240; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`the API exited: ${stderr}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) {
        return {
          base,
          pid: child.pid,
          stop: () =>
            new Promise((resolve) => {
              if (child.exitCode !== null) return resolve();
              child.once('exit', resolve);
              child.kill('SIGTERM');
            }),
        };
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  kill();
  throw new Error(`the API did not become healthy: ${stderr}`);
}

// ---- the calls -----------------------------------------------------------------------------------

const list = (query) => `/api/staff/bookings?${new URLSearchParams(query)}`;
const csv = (query) => `/api/staff/bookings.csv?${new URLSearchParams(query)}`;
const SORTS = ['created', 'departure', 'reference', 'lead_name', 'total', 'balance', 'status'];
const QUEUES = ['unconfirmed', 'payments-flagged', 'optional', 'sold-out-quotes', 'balances-overdue', 'details-missing', 'mail-failed'];

/** Months of departures, each a month long, starting a week apart: the export's filter, and the list's. */
function months(today, count) {
  const start = Date.parse(`${today}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) => {
    const from = new Date(start + (i * 7 - 150) * 86_400_000);
    const to = new Date(from.getTime() + 30 * 86_400_000);
    return { departure_from: from.toISOString().slice(0, 10), departure_to: to.toISOString().slice(0, 10) };
  });
}

/** Every staff list, search, queue and export, with the values each sample uses (sample i uses the i-th, round robin). */
function calls(season, today) {
  const s = season.samples;
  const nth = (values) => (i) => values[i % values.length];
  const month = nth(months(today, 40));
  const pages = (i) => 50 + ((i * 37) % 700);
  return [
    { name: 'search: reference (q=MER-…)', path: (i) => list({ q: nth(s.references)(i) }) },
    { name: 'search: booking id (reference=1…)', path: (i) => list({ reference: String(nth(s.ids)(i)) }) },
    { name: 'search: name, part (name=…)', path: (i) => list({ name: nth(s.names)(i) }) },
    { name: 'search: name, whole (q=given family)', path: (i) => list({ q: nth(s.fullNames)(i) }) },
    { name: 'search: e-mail, part (email=…)', path: (i) => list({ email: nth(s.emails)(i) }) },
    { name: 'search: e-mail, whole (q=…@…)', path: (i) => list({ q: nth(s.fullEmails)(i) }) },
    { name: 'filter: tour code', path: (i) => list({ tour: nth(s.tours)(i) }) },
    { name: 'filter: departure dates, a month', path: (i) => list(month(i)) },
    { name: 'filter: status Confirmed', path: () => list({ status: 'Confirmed' }) },
    { name: 'filter: status Optional,Unconfirmed', path: () => list({ status: 'Optional,Unconfirmed' }) },
    { name: 'filter: agent', path: (i) => list({ agent: nth(s.agents)(i) }) },
    { name: 'filter: status + a month + agent, by departure', path: (i) => list({ status: 'Confirmed', ...month(i), agent: 'AG1001', sort: 'departure', direction: 'asc' }) },
    ...QUEUES.map((queue) => ({ name: `queue list: ${queue}`, path: () => list({ queue }) })),
    ...SORTS.flatMap((sort) => [
      { name: `sort: ${sort} asc`, path: () => list({ sort, direction: 'asc' }) },
      { name: `sort: ${sort} desc`, path: () => list({ sort, direction: 'desc' }) },
    ]),
    { name: 'deep page: page 50–750 (created desc)', path: (i) => list({ page: String(pages(i)) }) },
    { name: 'deep page: the last page (800)', path: () => list({ page: '800' }) },
    { name: 'deep page: page 50–750 by lead name', path: (i) => list({ sort: 'lead_name', direction: 'asc', page: String(pages(i)) }) },
    { name: 'deep page: page 50–150 of 100 by balance', path: (i) => list({ sort: 'balance', direction: 'desc', page_size: '100', page: String(50 + (i % 100)) }) },
    { name: 'deep page: page 50 of Confirmed by departure', path: () => list({ status: 'Confirmed', sort: 'departure', page: '50' }) },
    { name: 'queue counts (GET /api/staff/queue)', path: () => '/api/staff/queue' },
    { name: 'CSV: a month of departures', path: (i) => csv(month(i)) },
    { name: 'CSV: a tour', path: (i) => csv({ tour: nth(s.tours)(i) }) },
    { name: 'CSV: the whole season', path: () => csv({}) },
    { name: 'booking page (GET /api/staff/bookings/:id)', path: (i) => `/api/staff/bookings/${nth(s.ids)(i + 7)}` },
    { name: 'staff members (GET /api/staff/members)', path: () => '/api/staff/members' },
    // Issue 28: departures and the ground team's documents.
    { name: 'departures: list', path: () => '/api/staff/departures' },
    { name: 'departures: a tour', path: (i) => `/api/staff/departures?tour=${nth(s.tours)(i)}&page_size=100` },
    { name: 'departures: a month', path: (i) => `/api/staff/departures?from=${month(i).departure_from}&to=${month(i).departure_to}` },
    { name: 'departure page (GET /api/staff/departures/:id)', path: (i) => `/api/staff/departures/${nth(s.departureIds)(i)}` },
    ...['passenger-manifest', 'rooming-list', 'flight-manifest', 'agency-statement'].flatMap((document) => [
      { name: `departure document: ${document} CSV`, path: (i) => `/api/staff/departures/${nth(s.departureIds)(i + 3)}/${document}?format=csv` },
    ]),
    { name: 'departure document: passenger-manifest PDF', path: (i) => `/api/staff/departures/${nth(s.departureIds)(i + 5)}/passenger-manifest?format=pdf`, samples: Math.min(samplesPerCall, 20) },
    // Issue 27: the catalogue.
    { name: 'catalogue: tours', path: () => '/api/staff/catalogue/tours' },
    { name: 'catalogue: tours, searched (q=…)', path: (i) => `/api/staff/catalogue/tours?q=${nth(s.tours)(i).slice(0, 3)}` },
    { name: 'catalogue: a tour with its departures', path: (i) => `/api/staff/catalogue/tours/${nth(s.tourIds)(i)}` },
    { name: 'catalogue: a departure with its options', path: (i) => `/api/staff/catalogue/departures/${nth(s.departureIds)(i + 11)}` },
    { name: 'catalogue: low stock', path: () => '/api/staff/catalogue/low-stock' },
    { name: 'catalogue: season CSV, a month', path: (i) => `/api/staff/catalogue/departures.csv?from=${month(i).departure_from}&to=${month(i).departure_to}` },
    { name: 'catalogue: season CSV, the whole season', path: () => '/api/staff/catalogue/departures.csv' },
  ].filter((call) => !only || call.name.includes(only));
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];

async function measure(base, token, call) {
  const headers = { authorization: `Bearer ${token}` };
  const once = async (i) => {
    const started = performance.now();
    const response = await fetch(`${base}${call.path(i)}`, { headers });
    const body = await response.text();
    const ms = performance.now() - started;
    if (response.status !== 200) throw new Error(`${call.name}: ${response.status} ${body.slice(0, 300)}`);
    return { ms, body };
  };
  for (let i = 0; i < warmup; i++) await once(1000 + i);
  const times = [];
  let matches = 0;
  let bytes = 0;
  const count = call.samples ?? samplesPerCall;
  for (let i = 0; i < count; i++) {
    const { ms, body } = await once(i);
    times.push(ms);
    bytes += Buffer.byteLength(body);
    if (body.startsWith('{')) {
      const total = JSON.parse(body).data?.total;
      if (typeof total === 'number') matches += total;
    } else {
      matches += body.split('\n').length - 2;
    }
  }
  times.sort((a, b) => a - b);
  const row = {
    call: call.name,
    example: call.path(0),
    samples: count,
    p50_ms: round(percentile(times, 50)),
    p95_ms: round(percentile(times, 95)),
    p99_ms: round(percentile(times, 99)),
    max_ms: round(times.at(-1)),
    average_matches: Math.round(matches / count),
    average_bytes: Math.round(bytes / count),
  };
  row.meets_goal = row.p95_ms <= GOAL_P95_MS;
  log(`${call.name}: p50 ${row.p50_ms} ms, p95 ${row.p95_ms} ms, p99 ${row.p99_ms} ms (${row.average_matches} matches)${row.meets_goal ? '' : '  <-- misses the goal'}`);
  return row;
}

// ---- the run -------------------------------------------------------------------------------------

buildApi();
const report = {
  benchmark: 'the staff console at an operator’s scale: every staff list, search, queue and export',
  date: new Date().toISOString(),
  command: 'npm run bench:staff -w @tours/bench',
  goal: `every call at most ${GOAL_P95_MS} ms at p95, on both engines`,
  season: SEASON,
  method: `one staff member's calls one at a time; ${warmup} unrecorded warm-up calls, then ${samplesPerCall} timed ones per call (the whole season's CSV 10), each from sending to the answer's last byte, with other values each time`,
  machine: { cpus: cpus().length, cpu_model: cpus()[0]?.model, memory_gb: Math.round(totalmem() / 2 ** 30), node: process.version, load_average_at_start: loadAverage() },
  server: { started_as: 'node --enable-source-maps apps/api/dist/server.js (what npm start runs)', env: 'NODE_ENV=production, DEMO=1 (scripts/lib/demo-env.mjs)' },
  engines: {},
};
for (const engine of engines) {
  log(`${engine}: preparing the season`);
  const prepared = await prepare(engine);
  log(`${engine}: ${JSON.stringify(prepared.dataset)}`);
  const api = await startApi(prepared.env);
  const results = [];
  const loadBefore = loadAverage();
  try {
    for (const call of calls(prepared.season, prepared.dataset.today)) results.push(await measure(api.base, prepared.token, call));
  } finally {
    await api.stop();
  }
  report.engines[engine] = {
    database: engine === 'pglite' ? 'PGlite 0.3 in the API process, a data directory on disk (as npm start keeps it)' : 'throwaway PostgreSQL 15 (scripts/lib/postgres-cluster.mjs), the API one process on it',
    dataset: prepared.dataset,
    load_average: { before: loadBefore, after: loadAverage() },
    misses_goal: results.filter((row) => !row.meets_goal).map((row) => row.call),
    results,
  };
  cleanUp();
}
report.machine.load_average_at_end = loadAverage();

const dir = join(root, 'bench', 'reports');
mkdirSync(dir, { recursive: true });
// A file named relative to where the command was typed (npm runs the script in bench/).
const file = process.env.STAFF_BENCH_REPORT
  ? resolve(process.env.INIT_CWD ?? process.cwd(), process.env.STAFF_BENCH_REPORT)
  : join(dir, `staff-scale-${report.date.slice(0, 10)}.json`);
writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
log(`report: ${file}`);

// The table for bench/README.md: p95 per call and engine.
const names = [...new Set(Object.values(report.engines).flatMap((e) => e.results.map((row) => row.call)))];
const cell = (engine, name) => {
  const row = report.engines[engine]?.results.find((r) => r.call === name);
  return row ? `${row.p50_ms} / **${row.p95_ms}** / ${row.p99_ms}${row.meets_goal ? '' : ' ✗'}` : '–';
};
console.log(`| Call | ${engines.map((engine) => `${engine} p50 / p95 / p99 ms`).join(' | ')} |`);
console.log(`|---|${engines.map(() => '---').join('|')}|`);
for (const name of names) console.log(`| ${name} | ${engines.map((engine) => cell(engine, name)).join(' | ')} |`);
process.exit(0);
