// The JavaScript a visitor downloads before a page shows (gzip), beside a
// blank React 19 page built the same way in the same run (issue 15). Builds
// the web app and bench/blank-react into scratch folders, serves the site as
// `npm start` does on a fresh in-memory database, and weighs each page in
// Chromium from a cold cache (e2e/support/page-weight.ts, shared with the
// byte-budget test e2e/tests/budgets.spec.ts). Writes bench/reports/pages-<date>.json.
// Usage: npm run bench:pages   (CHROMIUM_PATH=/usr/bin/chromium by default)
import { chromium } from '@playwright/test';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { serveSite } from './lib/serve-site.mjs';
import { buildBlankReact, kB, measureBlankReact, measurePage, ROOT } from '../e2e/support/page-weight.ts';

const BLANK_REACT_FACTOR = 1.4;
const BOOK_STEP_ONE_BUDGET = 160 * 1000;

const { base, scratch, bookPath } = await serveSite('pages');
const blankDir = buildBlankReact(join(scratch, 'blank-react'));

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
const blank = await measureBlankReact(browser, blankDir);
const pages = [
  await measurePage(browser, `${base}/`, { label: '/' }),
  await measurePage(browser, `${base}/tours`, { label: '/tours' }),
  await measurePage(browser, `${base}${bookPath}`, {
    label: '/book (step 1)',
    ready: (page) => page.getByRole('heading', { name: 'Lead participant' }).waitFor(),
  }),
];
await browser.close();

const browsingBudget = Math.floor(blank.gzip * BLANK_REACT_FACTOR);
const rows = pages.map((weight) => {
  const budget = weight.page.startsWith('/book') ? BOOK_STEP_ONE_BUDGET : browsingBudget;
  return {
    page: weight.page,
    gzip_js_bytes: weight.gzip,
    ratio_to_blank_react: Number((weight.gzip / blank.gzip).toFixed(2)),
    budget_bytes: budget,
    within_budget: weight.gzip <= budget,
    scripts: weight.scripts,
  };
});
for (const row of rows) console.log(`${row.page}: ${kB(row.gzip_js_bytes)} gzip JS, ${row.ratio_to_blank_react}x blank React (budget ${kB(row.budget_bytes)})`);
console.log(`blank React 19 page: ${kB(blank.gzip)} gzip JS`);

const report = {
  date: new Date().toISOString(),
  command: 'npm run bench:pages',
  machine: { cpus: cpus().length, cpu_model: cpus()[0]?.model, memory_gb: Math.round(totalmem() / 2 ** 30), load_average: loadavg().map((n) => Number(n.toFixed(2))) },
  node: process.version,
  method:
    'Chromium, cold cache, every script response until the h1 is visible and the network is idle; each body gzipped with zlib level 6; kB = 1000 bytes',
  blank_react: { gzip_js_bytes: blank.gzip, scripts: blank.scripts },
  budgets: { browsing_pages: `${BLANK_REACT_FACTOR} x blank React`, book_step_one_bytes: BOOK_STEP_ONE_BUDGET },
  pages: rows,
};
mkdirSync(join(ROOT, 'bench/reports'), { recursive: true });
const file = join(ROOT, 'bench/reports', `pages-${report.date.slice(0, 10)}.json`);
writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
console.log(`report: ${file}`);
process.exit(0);
