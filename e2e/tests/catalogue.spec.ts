import { expect, test } from '../support/fixtures.ts';

const SEEDED_TOURS = [
  'Vienna: Mozart and the Habsburgs',
  'Sicily: Greeks and Normans',
  'Bayreuth Festival',
  'Greenwich: Wren and the Observatory',
  'Bach Cantatas: an online talk',
];

test.describe('/tours catalogue', () => {
  test('lists every seeded tour with its brand channel and departures', async ({ page, request }) => {
    const api = await (await request.get('/api/tours')).json();
    const tours: { code: string; name: string; brand_channel_name: string; departures: unknown[] }[] = api.data.items;
    expect(tours.map((t) => t.code).sort()).toEqual(
      ['CO-PRO', 'LA-ROM', 'LD-GRE', 'MF-BAY', 'MHW-VIE', 'OT-BAC', 'PG-FLO', 'TSG-SIC', 'UN-TBC'].sort(),
    );
    for (const name of SEEDED_TOURS) expect(tours.map((t) => t.name)).toContain(name);

    await page.goto('/tours');
    await expect(page.getByRole('heading', { level: 1, name: 'Our tours' })).toBeVisible();
    for (const tour of tours) {
      const card = page.getByRole('article', { name: tour.name });
      await expect(card).toBeVisible();
      await expect(card.getByText(tour.brand_channel_name, { exact: true })).toBeVisible();
      await expect(card.getByRole('listitem')).toHaveCount(tour.departures.length);
    }
  });

  test('departures link to /book with tour and date, show places left, and on-request departures say so', async ({ page }) => {
    // Other tests book in the same database, so places left are read from the very answer the page shows.
    const answer = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/tours');
    await page.goto('/tours');
    const api = await (await answer).json();
    const viennaData = api.data.items.find((t: { code: string }) => t.code === 'MHW-VIE');
    const first: { start_date: string; places_left: number } = viennaData.departures[0];
    const vienna = page.getByRole('article', { name: 'Vienna: Mozart and the Habsburgs' });
    const firstBook = vienna.getByRole('link', { name: /^Book/ }).first();
    await expect(firstBook).toHaveAttribute('href', `/book?tour=MHW-VIE&departure=${first.start_date}`);
    await expect(vienna.getByRole('listitem').first()).toContainText(`${first.places_left} places left`);

    const bayreuth = page.getByRole('article', { name: 'Bayreuth Festival' });
    await expect(bayreuth.getByText('On request')).toBeVisible();
  });

  test('the currency switch shows prices in USD and AUD and adds the currency to the booking link', async ({ page }) => {
    await page.goto('/tours');
    const vienna = page.getByRole('article', { name: 'Vienna: Mozart and the Habsburgs' });
    await expect(vienna.getByText('£1,895pp').first()).toBeVisible();

    // The currency lives in the URL; the router applies it in a transition, so assert the result, not the click.
    await page.getByRole('radio', { name: /USD/ }).click();
    await expect(page.getByRole('radio', { name: /USD/ })).toBeChecked();
    await expect(page).toHaveURL(/currency=USD/);
    await expect(vienna.getByText('$2,450pp').first()).toBeVisible();
    await expect(vienna.getByRole('link', { name: /^Book/ }).first()).toHaveAttribute('href', /&currency=USD$/);

    await page.getByRole('radio', { name: /AUD/ }).click();
    await expect(page.getByRole('radio', { name: /AUD/ })).toBeChecked();
    await expect(vienna.getByText('$3,690pp').first()).toBeVisible();
    await expect(vienna.getByRole('link', { name: /^Book/ }).first()).toHaveAttribute('href', /&currency=AUD$/);
  });
});
