// API throughput on loopback, beside the framework's own ceiling. Starts the
// API as `npm start` starts it (its build, apps/api/dist/server.js, with the default
// settings: NODE_ENV=production with DEMO=1, info logs, the read cache on; only the port and an
// in-memory database differ), and a bare Fastify server (bare-server.mjs)
// answering the very same JSON from memory. Then bounded autocannon rounds, at
// the same concurrency: each hot read right after its bare twin, reported as
// req/s, p50/p99 and the ratio to the bare route; then the two booking writes.
// Usage: npm run bench                                   (PGlite, embedded)
//        node scripts/with-postgres.mjs npm run bench    (a PostgreSQL 15 server)
// The load generator (autocannon) runs here, in a process of its own: each
// server under test is alone in its process and event loop. Every round is
// preceded by an unrecorded warm-up (BENCH_WARMUP_SECONDS, 2) against the same
// URL, so neither side's p99 counts its JIT compiling the route.
// BENCH_SECONDS (10) and BENCH_CONNECTIONS (50) change the rounds; BENCH_WRITES=0
// skips the write rounds (BENCH_WRITE_CONNECTIONS, 10); any other setting (LOG_FORMAT, READ_CACHE_TTL_MS) is
// passed to the API, as it would be to `npm start`.
import autocannon from 'autocannon';
import { fork, spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_SERVER, buildApi } from '../scripts/build-api.mjs';
import { demoEnvironment } from '../scripts/lib/demo-env.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const warmupSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const withWrites = process.env.BENCH_WRITES !== '0';
// The writes keep the earlier rounds' concurrency: their own benchmark (write-path.mjs) measures them at scale.
const writeConnections = Number(process.env.BENCH_WRITE_CONNECTIONS ?? 10);
/** The goal of issue 15: a hot read at least half the bare route's rate, p99 under 20 ms. */
const GOAL = { ratio: 0.5, p99Ms: 20 };

const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

const loadBefore = loadavg();
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
// What `npm start` runs (scripts/start.mjs): the demo as production runs it (scripts/lib/demo-env.mjs, ADR 0015).
// Its stdout is not a terminal here, as under systemd, Docker or a log collector: JSON lines, one per request.
const serverEnv = demoEnvironment({ ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: 'memory://', PUBLIC_URL: base }, false);
buildApi();
const api = spawn(process.execPath, ['--enable-source-maps', API_SERVER], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: serverEnv,
});
let bare;
const stop = () => {
  api.kill('SIGTERM');
  bare?.kill('SIGTERM');
};
process.on('exit', stop);

async function waitForHealth() {
  for (let attempt = 0; attempt < 240; attempt += 1) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the API did not become healthy');
}

const text = async (path, init = {}) => {
  const response = await fetch(`${base}${path}`, { ...init, headers: { 'content-type': 'application/json', ...init.headers } });
  const body = await response.text();
  if (!response.ok) throw new Error(`${path}: ${response.status} ${body}`);
  return body;
};
const json = async (path, init) => JSON.parse(await text(path, init));

await waitForHealth();

// A far departure of the full-featured tour, and a booking whose option lists are read and whose selections are resubmitted.
const catalogue = await json('/api/tours');
const vienna = catalogue.data.items.find((tour) => tour.code === 'MHW-VIE');
const departure = vienna.departures.at(-1);
const findPath = `/api/tours/find?tour=MHW-VIE&departure=${departure.start_date}&currency=USD`;
const tour = (await json(findPath)).data;
const passenger = {
  title: 'Mrs',
  given_name: 'Ada',
  family_name: 'Bench',
  telephone_home: '',
  telephone_mobile: '',
  date_of_birth: '1960-05-01',
  email: 'ada.bench@example.com',
  address: { line_1: '1 High Street', line_2: '', line_3: '', city: 'London', state: 'Greater London', postal_code: 'EC1A 1BB', country: 'GBR' },
  do_not_email: false,
  do_not_mail: false,
  special_requests: '',
};
const createBody = JSON.stringify({
  brand_channel: tour.brand_channel,
  currency: 'GBP',
  tour_code: 'MHW-VIE',
  departure_date: departure.start_date,
  departure_id: tour.departure_id,
  passengers: [passenger],
  source: { id: 63, subsource_id: 165, subsource_description: 'Benchmark' },
});
const created = (await json('/api/bookings', { method: 'POST', body: createBody })).data;
const auth = { authorization: `Bearer ${created.token.token}` };
const passengerId = created.booking.passengers[0].id;
const optionPath = (list) => `/api/bookings/tour/${tour.id}/${list}`;
const options = (list) => json(optionPath(list), { headers: auth }).then((body) => body.data);
const [flights, rooms] = await Promise.all([options('flights'), options('accommodation')]);
const mandatory = flights.items.filter((group) => group.rate_option === 'Mandatory' && group.flights.every((flight) => flight.inventory_details.available > 0));
const singles = rooms.items.filter((room) => room.occupancy.from === 1 && room.type.name === 'Single');
const selectionsBody = JSON.stringify({
  allocations: {
    flights: mandatory.map((group) => ({ component_id: group.id, passenger_ids: [passengerId] })),
    extras: [],
    accommodation: singles.map((room) => ({ component_id: room.id, passenger_ids: [passengerId] })),
  },
});

const reads = [
  { name: 'GET /api/tours/find', path: findPath },
  { name: 'GET /api/tours (catalogue)', path: '/api/tours' },
  { name: 'GET /api/tours/:code (tour page)', path: '/api/tours/MHW-VIE' },
  { name: 'GET /api/bookings/tour/:id/flights', path: optionPath('flights'), headers: auth },
  { name: 'GET /api/bookings/tour/:id/accommodation', path: optionPath('accommodation'), headers: auth },
  { name: 'GET /api/bookings/tour/:id/extras', path: optionPath('extras'), headers: auth },
];

// The bare twin of each read: the same bytes, from memory.
const payloads = {};
for (const [index, read] of reads.entries()) {
  read.bare = `/bare/${index}`;
  payloads[read.bare] = await text(read.path, { headers: read.headers });
}
mkdirSync(join(tmpdir(), 'tours-bench'), { recursive: true });
const payloadFile = join(tmpdir(), 'tours-bench', `bare-${process.pid}.json`);
writeFileSync(payloadFile, JSON.stringify(payloads));
const barePort = await freePort();
bare = fork(join(here, 'bare-server.mjs'), [String(barePort), payloadFile], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
await new Promise((resolve, reject) => {
  bare.once('message', resolve);
  bare.once('exit', () => reject(new Error('the bare server stopped')));
});

async function round(name, url, { method = 'GET', body, headers = {}, at = connections, warmup = true } = {}) {
  const options = { url, method, body, headers: { 'content-type': 'application/json', ...headers }, connections: at };
  if (warmup && warmupSeconds > 0) await autocannon({ ...options, duration: warmupSeconds });
  const result = await autocannon({ ...options, duration: seconds });
  const row = {
    scenario: name,
    connections: at,
    requests_per_second: Math.round(result.requests.average),
    latency_p50_ms: result.latency.p50,
    latency_p99_ms: result.latency.p99,
    non_2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    total_requests: result.requests.total,
  };
  console.log(`${row.scenario}: ${row.requests_per_second} req/s, p50 ${row.latency_p50_ms} ms, p99 ${row.latency_p99_ms} ms, non-2xx ${row.non_2xx}`);
  return row;
}

const results = [];
for (const read of reads) {
  const ceiling = await round(`bare Fastify, same JSON as ${read.name}`, `http://127.0.0.1:${barePort}${read.bare}`);
  const row = await round(read.name, `${base}${read.path}`, { headers: read.headers });
  row.bare_requests_per_second = ceiling.requests_per_second;
  row.bare_latency_p99_ms = ceiling.latency_p99_ms;
  row.ratio_to_bare = Math.round((row.requests_per_second / ceiling.requests_per_second) * 1000) / 1000;
  row.meets_goal = row.ratio_to_bare >= GOAL.ratio && row.latency_p99_ms < GOAL.p99Ms;
  row.response_bytes = Buffer.byteLength(payloads[read.bare]);
  console.log(`  ratio to bare: ${row.ratio_to_bare}x (${row.meets_goal ? 'meets' : 'misses'} the goal)`);
  results.push(ceiling, row);
}
if (withWrites) {
  results.push(await round('POST /api/bookings (create a quote)', `${base}/api/bookings`, { method: 'POST', body: createBody, at: writeConnections, warmup: false }));
  results.push(
    await round('POST /api/bookings/selections (replace holds, locked)', `${base}/api/bookings/selections`, {
      method: 'POST',
      body: selectionsBody,
      headers: auth,
      at: writeConnections,
      warmup: false,
    }),
  );
}

const engine = process.env.DATABASE_URL ? 'postgres' : 'pglite';
const report = {
  date: new Date().toISOString(),
  command: engine === 'postgres' ? 'node scripts/with-postgres.mjs npm run bench' : 'npm run bench',
  machine: {
    cpus: cpus().length,
    cpu_model: cpus()[0]?.model ?? 'unknown',
    memory_gb: Math.round(totalmem() / 2 ** 30),
    load_average_before: loadBefore.map((value) => Math.round(value * 100) / 100),
    load_average_after: loadavg().map((value) => Math.round(value * 100) / 100),
  },
  node: process.version,
  database: engine === 'postgres' ? 'PostgreSQL server' : 'PGlite (embedded, in memory)',
  server: {
    started_as: 'node --enable-source-maps apps/api/dist/server.js (what npm start runs)',
    NODE_ENV: serverEnv.NODE_ENV,
    LOG_LEVEL: process.env.LOG_LEVEL ?? '(default: info)',
    LOG_FORMAT: process.env.LOG_FORMAT ?? '(default: json, stdout is not a terminal)',
    READ_CACHE_TTL_MS: process.env.READ_CACHE_TTL_MS ?? '(default)',
  },
  goal: `each hot read at least ${GOAL.ratio}x the bare route, p99 under ${GOAL.p99Ms} ms, at ${connections} connections`,
  seconds_per_scenario: seconds,
  warmup_seconds_per_read_round: warmupSeconds,
  load_generator: 'autocannon in the benchmark process; the API and the bare server each alone in a process of their own',
  connections,
  results,
};
mkdirSync(join(root, 'bench/reports'), { recursive: true });
const file = join(root, 'bench/reports', `api-${engine}-${report.date.slice(0, 10)}.json`);
writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
console.log(`report: ${file}`);
stop();
process.exit(results.some((row) => row.errors > 0 || row.non_2xx > 0) ? 1 : 0);
