import { test as base, expect, type Page } from '@playwright/test';
import { AxeBuilder } from '@axe-core/playwright';

/** Fails the test on any axe-core violation, listing rule ids and offending nodes. */
export async function expectNoA11yViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(summary, 'axe-core violations').toEqual([]);
}

/** Answers the browser's IP-geolocation call with a chosen country. */
export async function visitFrom(page: Page, country: string | null): Promise<void> {
  await page.route('**/sandbox/geolocation**', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ ip: '198.51.100.7', country }) }),
  );
}

export const test = base;
export { expect };
