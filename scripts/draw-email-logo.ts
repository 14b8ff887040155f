// Draws apps/web/public/email-logo.png, the logo the e-mails show (mail
// clients show SVG badly or not at all), from the web app's logo mark in the
// operator's colours: run it again after changing OPERATOR.colours.
//   node --import tsx scripts/draw-email-logo.ts
// Uses Debian's Chromium through playwright-core; nothing is downloaded.
import { OPERATOR } from '@tours/domain';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const out = join(root, 'apps/web/public/email-logo.png');
const { primary, accent, surface } = OPERATOR.colours;
/** Twice the 44px it is shown at, for sharp rendering on high-density screens. */
const SIZE = 88;

// The mark of apps/web/src/app/layout/logo-mark.tsx inside a ring of the surface colour, so it stands out on the e-mail's dark header.
const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 48 48">
<circle cx="24" cy="24" r="24" fill="${surface}"/>
<circle cx="24" cy="24" r="22" fill="${primary}"/>
<circle cx="24" cy="24" r="15.5" fill="none" stroke="${surface}" stroke-width="1.6"/>
<ellipse cx="24" cy="24" rx="6.5" ry="15.5" fill="none" stroke="${surface}" stroke-width="1.6"/>
<path d="M8.5 24h31" stroke="${surface}" stroke-width="1.6"/>
<path d="M24 3v42" stroke="${accent}" stroke-width="3" stroke-linecap="round"/>
</svg>`;

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
try {
  const page = await browser.newPage({ viewport: { width: SIZE, height: SIZE } });
  await page.setContent(`<!doctype html><html><body style="margin:0;background:transparent">${svg}</body></html>`);
  await page.locator('svg').screenshot({ path: out, omitBackground: true });
  console.log(`wrote ${out}`);
} finally {
  await browser.close();
}
