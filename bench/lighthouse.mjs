// Lighthouse 12 on the four pages of issue 15 (/, /tours, /book step 1 and
// /account signed in) with Lighthouse's default mobile settings: Moto G Power
// screen emulation, simulated slow 4G, 4x CPU slowdown. Builds the web app,
// serves the site as `npm start` does (production build served by the API,
// embedded database, sandboxes, NODE_ENV=production with DEMO=1) and audits each page
// LIGHTHOUSE_RUNS (3) times in Debian's Chromium, reporting the median run
// (by performance score) of each. Writes bench/reports/lighthouse-<date>.json.
// Usage: npm run bench:lighthouse   (CHROMIUM_PATH=/usr/bin/chromium by default; LIGHTHOUSE_RUNS=3;
// LIGHTHOUSE_LHR_DIR=<dir> also keeps the median run's full Lighthouse report of each page, to open in the Lighthouse viewer;
// LIGHTHOUSE_PAGES=/book,/tours audits only the pages whose labels start with one of these)
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { serveSite } from './lib/serve-site.mjs';
import { ROOT } from '../e2e/support/page-weight.ts';
import { audit, failingAudits, launchChromium, signIn } from '../e2e/support/lighthouse.ts';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const GOALS = { performance: 0.95, accessibility: 1 };
/** A demo customer with bookings (apps/api/src/db/seed/data/customers.ts); the account page only reads. */
const ACCOUNT_EMAIL = 'demo@example.com';

const loadBefore = loadavg();
const { base, bookPath } = await serveSite('lighthouse');

const ONLY = process.env.LIGHTHOUSE_PAGES?.split(',').map((label) => label.trim());
const PAGES = [
  { label: '/', path: '/' },
  { label: '/tours', path: '/tours' },
  { label: '/book (step 1)', path: bookPath },
  { label: '/account (signed in)', path: '/account', signedIn: true },
].filter(({ label }) => !ONLY || ONLY.some((wanted) => (wanted === '/' ? label === '/' : label.startsWith(wanted))));

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};
const ms = (lhr, id) => Math.round(lhr.audits[id]?.numericValue ?? NaN);

/** The figures of one run; `lhr` kept aside for the failing audits of the median run. */
function figures(lhr) {
  return {
    performance: lhr.categories.performance.score,
    accessibility: lhr.categories.accessibility.score,
    best_practices: lhr.categories['best-practices']?.score ?? null,
    seo: lhr.categories.seo?.score ?? null,
    lcp_ms: ms(lhr, 'largest-contentful-paint'),
    tbt_ms: ms(lhr, 'total-blocking-time'),
    cls: Number((lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN).toFixed(3)),
    fcp_ms: ms(lhr, 'first-contentful-paint'),
    speed_index_ms: ms(lhr, 'speed-index'),
    final_url: lhr.finalDisplayedUrl,
    // Lighthouse's own measure of the machine's speed during the run (a loaded machine scores low and inflates TBT).
    benchmark_index: lhr.environment?.benchmarkIndex ?? null,
    lcp_element: lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? null,
  };
}

/** Performance audits that found something to gain (not the metrics themselves). */
function performanceFindings(lhr) {
  return lhr.categories.performance.auditRefs
    .filter((ref) => !ref.group?.startsWith('metrics') && ref.weight === 0)
    .map((ref) => lhr.audits[ref.id])
    .filter((result) => result.score !== null && result.score < 0.9 && result.scoreDisplayMode !== 'informative' && result.scoreDisplayMode !== 'notApplicable')
    .map((result) => ({ id: result.id, title: result.title, display: result.displayValue ?? '' }));
}

const chromium = await launchChromium();
const signedInTab = await chromium.browser.newPage();
await signIn(signedInTab, base, ACCOUNT_EMAIL);

const results = [];
for (const { label, path, signedIn } of PAGES) {
  const runs = [];
  for (let run = 0; run < RUNS; run += 1) {
    // A fresh tab for each visitor's page; the signed-in tab keeps its session storage.
    const page = signedIn ? signedInTab : await chromium.browser.newPage();
    const lhr = await audit(page, `${base}${path}`, { keepStorage: Boolean(signedIn) });
    if (signedIn && !new URL(lhr.finalDisplayedUrl).pathname.startsWith('/account')) {
      throw new Error(`/account was not shown signed in: Lighthouse ended on ${lhr.finalDisplayedUrl}`);
    }
    if (!signedIn) await page.close();
    runs.push({ figures: figures(lhr), lhr });
    console.log(`${label} run ${run + 1}: performance ${runs.at(-1).figures.performance}, accessibility ${runs.at(-1).figures.accessibility}`);
  }
  // The median run by performance score (Lighthouse's own advice for its variance), and each metric's median beside it.
  const middle = [...runs].sort((a, b) => a.figures.performance - b.figures.performance)[Math.floor(runs.length / 2)];
  const metric = (key) => median(runs.map((run) => run.figures[key]));
  if (process.env.LIGHTHOUSE_LHR_DIR) {
    mkdirSync(process.env.LIGHTHOUSE_LHR_DIR, { recursive: true });
    writeFileSync(join(process.env.LIGHTHOUSE_LHR_DIR, `${label.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'home'}.json`), JSON.stringify(middle.lhr));
  }
  results.push({
    page: label,
    url: path,
    median_run: middle.figures,
    medians: {
      performance: metric('performance'),
      accessibility: metric('accessibility'),
      lcp_ms: metric('lcp_ms'),
      tbt_ms: metric('tbt_ms'),
      cls: metric('cls'),
      fcp_ms: metric('fcp_ms'),
      speed_index_ms: metric('speed_index_ms'),
    },
    runs: runs.map((run) => run.figures),
    meets_goals: metric('performance') >= GOALS.performance && metric('accessibility') >= GOALS.accessibility,
    failing_accessibility_audits: failingAudits(middle.lhr, 'accessibility'),
    performance_findings: performanceFindings(middle.lhr),
  });
}
await signedInTab.close();
const version = chromium.version;
await chromium.close();

const pad = (value, width) => String(value).padEnd(width);
console.log(`\n${pad('Page', 22)}${pad('Perf', 6)}${pad('A11y', 6)}${pad('LCP ms', 8)}${pad('TBT ms', 8)}${pad('CLS', 7)}${pad('FCP ms', 8)}SI ms`);
for (const { page, medians: m } of results) {
  console.log(`${pad(page, 22)}${pad(m.performance, 6)}${pad(m.accessibility, 6)}${pad(m.lcp_ms, 8)}${pad(m.tbt_ms, 8)}${pad(m.cls, 7)}${pad(m.fcp_ms, 8)}${m.speed_index_ms}`);
}
for (const result of results) {
  for (const failing of result.failing_accessibility_audits) console.log(`${result.page}: accessibility: ${failing.id} ${failing.items.join(', ')}`);
}

const report = {
  date: new Date().toISOString(),
  command: 'npm run bench:lighthouse',
  machine: {
    cpus: cpus().length,
    cpu_model: cpus()[0]?.model,
    memory_gb: Math.round(totalmem() / 2 ** 30),
    load_average_start: loadBefore.map((n) => Number(n.toFixed(2))),
    load_average_end: loadavg().map((n) => Number(n.toFixed(2))),
  },
  node: process.version,
  chromium: version,
  lighthouse: JSON.parse(readFileSync(join(ROOT, 'node_modules/lighthouse/package.json'), 'utf8')).version,
  method: `Lighthouse default (mobile) config: Moto G Power emulation, simulated throttling (150 ms RTT, 1.6 Mbps, 4x CPU); ${RUNS} runs a page, cold HTTP cache; medians of the runs; /account audited in the tab signed in through the sandbox identity provider (storage kept, cache cleared)`,
  goals: GOALS,
  pages: results.map(({ page, url, medians, median_run, runs, meets_goals, failing_accessibility_audits, performance_findings }) => ({
    page,
    url,
    ...medians,
    meets_goals,
    median_run,
    runs,
    failing_accessibility_audits,
    performance_findings,
  })),
};
mkdirSync(join(ROOT, 'bench/reports'), { recursive: true });
// A run of some pages only (LIGHTHOUSE_PAGES) never replaces the day's full report.
const file = join(ROOT, 'bench/reports', `lighthouse-${report.date.slice(0, 10)}${ONLY ? '-partial' : ''}.json`);
writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
console.log(`report: ${file}`);
process.exit(0);
