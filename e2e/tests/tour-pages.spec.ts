import { placesLabel, roomsLeftLabel, SCREEN_TEXT, type CatalogueTour, type TourDeparture, type TourDetail } from '@tours/domain';
import type { Locator, Page } from '@playwright/test';
import { TOUR_CONTENT } from '../../apps/api/src/db/seed/data/tour-content.ts';
import { expect, test } from '../support/fixtures.ts';

/**
 * Tour pages (issue 9): /tours filtered and searched, a tour's own page with
 * its pictures, itinerary and departures, and Book into step 1, which says
 * what is left before the form is filled in. Their accessibility and width
 * at a desktop and a phone: accessibility.spec.ts.
 */

const cardNames = (page: Page) => page.getByRole('article').getByRole('heading', { level: 2 });

async function tourDetail(page: Page, code: string): Promise<TourDetail> {
  const response = await page.request.get(`/api/tours/${code}`);
  expect(response.ok()).toBe(true);
  return (await response.json()).data;
}

/** The picture is loaded and decoded: what a person would see, not a broken image. */
async function expectLoaded(image: Locator) {
  await image.scrollIntoViewIfNeeded();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  // Chromium takes the AVIF source.
  expect(await image.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\/api\/media\/tours\/.+\.avif$/);
}

test('/tours filters by kind and month and searches, in the URL, with Back restoring each choice', async ({ page }) => {
  const all: CatalogueTour[] = (await (await page.request.get('/api/tours')).json()).data.items;
  const greenwich = all.find((tour) => tour.code === 'LD-GRE')!;
  await page.goto('/tours');
  await expect(cardNames(page)).toHaveCount(all.length);

  await page.getByRole('combobox', { name: 'Kind' }).selectOption({ label: 'Day trips' });
  await expect(page).toHaveURL(/\?kind=day_trip$/);
  await expect(cardNames(page)).toHaveText([greenwich.name]);

  await page.getByRole('combobox', { name: 'Kind' }).selectOption({ label: 'Online talks' });
  await expect(cardNames(page)).toHaveText(['Bach Cantatas: an online talk']);
  await page.getByRole('combobox', { name: 'Kind' }).selectOption({ label: 'All kinds' });
  await expect(cardNames(page)).toHaveCount(all.length);

  // A month of Greenwich's last departure lists only tours leaving that month, with that date as their next.
  const last = greenwich.departures.at(-1)!.start_date;
  const month = last.slice(0, 7);
  const inMonth = all.filter((tour) => tour.departures.some((departure) => departure.start_date.startsWith(month)));
  await page.getByRole('combobox', { name: 'Month' }).selectOption(month);
  await expect(page).toHaveURL(new RegExp(`month=${month}`));
  await expect(cardNames(page)).toHaveCount(inMonth.length);
  await expect(page.getByRole('article', { name: greenwich.name })).toBeVisible();

  await page.getByRole('searchbox', { name: 'Search' }).fill('observatory');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(new RegExp(`month=${month}&q=observatory`));
  await expect(cardNames(page)).toHaveText([greenwich.name]);
  await expect(page.getByRole('status').filter({ hasText: 'your choices' })).toHaveText('1 tour matches your choices');

  await page.getByRole('searchbox', { name: 'Search' }).fill('no such tour anywhere');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('heading', { name: 'No tours match your choices' })).toBeVisible();

  // Back: the previous search, then the month alone, then every tour.
  await page.goBack();
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('observatory');
  await expect(cardNames(page)).toHaveText([greenwich.name]);
  await page.goBack();
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
  await expect(page.getByRole('combobox', { name: 'Month' })).toHaveValue(month);
  await expect(cardNames(page)).toHaveCount(inMonth.length);
  await page.goForward();
  await expect(cardNames(page)).toHaveText([greenwich.name]);
});

test('a tour page shows its pictures, itinerary and departures, and Book opens step 1 with places and rooms left', async ({ page }) => {
  await page.goto('/tours');
  await expectLoaded(page.getByRole('article', { name: 'Vienna: Mozart and the Habsburgs' }).getByRole('img'));
  // Places are read from the very answers the pages show: other tests in this worker book too, and holds expire.
  const pageAnswer = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/tours/MHW-VIE');
  await page.getByRole('article', { name: 'Vienna: Mozart and the Habsburgs' }).getByRole('link', { name: /^See dates and book/ }).click();
  await expect(page).toHaveURL(/\/tours\/MHW-VIE$/);
  const detail: TourDetail = (await (await pageAnswer).json()).data;
  await expect(page.getByRole('heading', { level: 1, name: 'Vienna: Mozart and the Habsburgs' })).toBeVisible();

  const content = TOUR_CONTENT['MHW-VIE']!;
  const hero = page.getByRole('img', { name: content.pictures[0]!.alt });
  await expect(hero).toHaveAttribute('fetchpriority', 'high');
  await expectLoaded(hero);
  const inline = page.getByRole('img', { name: content.pictures[1]!.alt });
  await expect(inline).toHaveAttribute('loading', 'lazy');
  await expectLoaded(inline);

  const itinerary = page.getByRole('region', { name: 'Itinerary' });
  await expect(itinerary.getByRole('heading', { level: 3 })).toHaveText(content.itinerary.map((day, index) => `Day ${index + 1} ${day.title}`));
  await expect(page.getByRole('region', { name: 'Hotels' }).getByRole('heading', { level: 3 })).toHaveText(['Hotel Königshof', 'Gästehaus Mönchsberg']);
  await expect(page.getByRole('region', { name: 'What is included' }).getByRole('listitem')).toHaveText(content.included);
  await expect(page.getByRole('region', { name: 'Your lecturers' })).toContainText('Dr Helena Marsh');

  const dates = page.getByRole('region', { name: 'Dates and prices' });
  await expect(dates.getByRole('listitem')).toHaveCount(detail.departures.length);
  const far = detail.departures.at(-1)!;
  const row = dates.locator(`[data-departure="${far.start_date}"]`);
  await expect(row).toContainText(placesLabel(far));
  await expect(row).toContainText('£1,950pp');
  await expect(row).toContainText('Single:');

  const panelAnswer = page.waitForResponse((response) => new URL(response.url()).pathname === `/api/tours/MHW-VIE/departures/${far.start_date}`);
  await row.getByRole('link', { name: /^Book/ }).click();
  await expect(page).toHaveURL(new RegExp(`/book\\?tour=MHW-VIE&departure=${far.start_date}`));
  const now: TourDeparture = (await (await panelAnswer).json()).data;
  const panel = page.getByRole('region', { name: 'Availability' });
  // Other tests of this worker may have sold places and rooms of this departure: the panel words what is left now.
  await expect(panel).toContainText(placesLabel(now));
  for (const room of now.room_types) await expect(panel).toContainText(`${room.type}: ${roomsLeftLabel(room)}`);
  await expect(panel).toContainText('Available: book and pay online');
  await expect(page.getByRole('textbox', { name: /^First name/ }).first()).toBeVisible();
  // The panel comes before the form.
  const panelBox = (await panel.boundingBox())!;
  const firstField = (await page.getByRole('textbox', { name: /^First name/ }).first().boundingBox())!;
  expect(panelBox.y).toBeLessThan(firstField.y);
});

test('departures that cannot be bought online say so on the tour page and on step 1', async ({ page }) => {
  const detail = await tourDetail(page, 'MF-BAY');
  const [closed, noRooms] = detail.departures;
  await page.goto('/tours/MF-BAY');
  const dates = page.getByRole('region', { name: 'Dates and prices' });
  const closedRow = dates.locator(`[data-departure="${closed!.start_date}"]`);
  await expect(closedRow).toContainText(SCREEN_TEXT.onRequest);
  await expect(closedRow.getByRole('link', { name: /^Enquire/ })).toHaveAttribute('href', /Bayreuth%20Festival%20\(MF-BAY\)/);
  await expect(closedRow.getByRole('link', { name: /^Book/ })).toHaveCount(0);
  const fullRow = dates.locator(`[data-departure="${noRooms!.start_date}"]`);
  await expect(fullRow).toContainText('No rooms left');
  await expect(fullRow.getByRole('link', { name: /^Enquire/ })).toBeVisible();

  // Opened directly, the sold-out departure's step 1 says so before the form.
  await page.goto(`/book?tour=MF-BAY&departure=${noRooms!.start_date}`);
  const panel = page.getByRole('region', { name: 'Availability' });
  await expect(panel.getByRole('heading', { name: SCREEN_TEXT.onRequest })).toBeVisible();
  await expect(panel.getByRole('link', { name: 'Enquire about Bayreuth Festival' })).toBeVisible();
  await expect(panel).toContainText('Not available online');
});
