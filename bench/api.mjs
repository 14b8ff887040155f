// API throughput on loopback: starts the API on a fresh embedded database,
// runs bounded autocannon rounds against the hot paths and writes a report.
// Usage: npm run bench   (BENCH_SECONDS=10 BENCH_CONNECTIONS=10 by default)
//        node scripts/with-postgres.mjs npm run bench   (the same on a real PostgreSQL server)
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);

const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const api = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/api/src/server.ts')], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: 'memory://', NODE_ENV: 'test', PUBLIC_URL: base },
});
const stop = () => api.kill('SIGTERM');
process.on('exit', stop);

async function waitForHealth() {
  for (let attempt = 0; attempt < 120; attempt += 1) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the API did not become healthy');
}

const json = async (path, init = {}) => {
  const response = await fetch(`${base}${path}`, { ...init, headers: { 'content-type': 'application/json', ...init.headers } });
  const body = await response.json();
  if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(body)}`);
  return body;
};

await waitForHealth();

// A far departure of the full-featured tour, and a booking to resubmit selections for.
const catalogue = await json('/api/tours');
const vienna = catalogue.data.items.find((tour) => tour.code === 'MHW-VIE');
const departure = vienna.departures.at(-1);
const tour = (await json(`/api/tours/find?tour=MHW-VIE&departure=${departure.start_date}`)).data;
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
const options = (list) => json(`/api/bookings/tour/${tour.id}/${list}`, { headers: auth }).then((body) => body.data);
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

const scenarios = [
  { name: 'GET /api/tours (catalogue)', path: '/api/tours' },
  { name: 'GET /api/tours/find', path: `/api/tours/find?tour=MHW-VIE&departure=${departure.start_date}&currency=USD` },
  { name: 'GET /api/bookings/tour/:id/accommodation', path: `/api/bookings/tour/${tour.id}/accommodation`, headers: auth },
  { name: 'POST /api/bookings (create a quote)', path: '/api/bookings', method: 'POST', body: createBody },
  { name: 'POST /api/bookings/selections (replace holds, locked)', path: '/api/bookings/selections', method: 'POST', body: selectionsBody, headers: auth },
];

const results = [];
for (const scenario of scenarios) {
  const result = await autocannon({
    url: `${base}${scenario.path}`,
    method: scenario.method ?? 'GET',
    body: scenario.body,
    headers: { 'content-type': 'application/json', ...scenario.headers },
    connections,
    duration: seconds,
  });
  const row = {
    scenario: scenario.name,
    requests_per_second: Math.round(result.requests.average),
    latency_p50_ms: result.latency.p50,
    latency_p99_ms: result.latency.p99,
    non_2xx: result.non2xx,
    errors: result.errors,
    total_requests: result.requests.total,
  };
  results.push(row);
  console.log(`${row.scenario}: ${row.requests_per_second} req/s, p50 ${row.latency_p50_ms} ms, p99 ${row.latency_p99_ms} ms, non-2xx ${row.non_2xx}`);
}

const report = {
  date: new Date().toISOString(),
  node: process.version,
  database: process.env.DATABASE_URL ? 'PostgreSQL server' : 'PGlite (embedded, in memory)',
  seconds_per_scenario: seconds,
  connections,
  results,
};
mkdirSync(join(root, 'bench/reports'), { recursive: true });
const engine = process.env.DATABASE_URL ? 'postgres' : 'pglite';
const file = join(root, 'bench/reports', `api-${engine}-${report.date.slice(0, 10)}.json`);
writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
console.log(`report: ${file}`);
stop();
process.exit(results.some((row) => row.errors > 0 || row.non_2xx > 0) ? 1 : 0);
