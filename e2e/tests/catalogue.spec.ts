import { expect, test } from '../support/fixtures.ts';

const SEEDED_TOURS = [
  'Vienna: Mozart and the Habsburgs',
  'Sicily: Greeks and Normans',
  'Bayreuth Festival',
  'Greenwich: Wren and the Observatory',
  'Bach Cantatas: an online talk',
];

interface ListedTour {
  code: string;
  name: string;
  brand_channel_name: string;
  next_departure: { start_date: string; places_left: number } | null;
}

test.describe('/tours catalogue', () => {
  test('lists every seeded tour with its brand channel, by next departure', async ({ page, request }) => {
    const api = await (await request.get('/api/tours')).json();
    const tours: ListedTour[] = api.data.items;
    expect(tours.map((t) => t.code).sort()).toEqual(['CO-PRO', 'LA-ROM', 'LD-GRE', 'MF-BAY', 'MHW-VIE', 'OT-BAC', 'PG-FLO', 'TSG-SIC', 'UN-TBC'].sort());
    for (const name of SEEDED_TOURS) expect(tours.map((t) => t.name)).toContain(name);

    await page.goto('/tours');
    await expect(page.getByRole('heading', { level: 1, name: 'Our tours' })).toBeVisible();
    // The page keeps the API's order: soonest next departure first.
    await expect(page.getByRole('article').getByRole('heading', { level: 2 })).toHaveText(tours.map((tour) => tour.name));
    for (const tour of tours) {
      const card = page.getByRole('article', { name: tour.name });
      await expect(card.getByText(tour.brand_channel_name, { exact: true })).toBeVisible();
    }
  });

  test('cards link to the tour page, show the next departure with places left, and on-request departures say so', async ({ page }) => {
    // Other tests book in the same database, so places left are read from the very answer the page shows.
    const answer = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/tours');
    await page.goto('/tours');
    const api = await (await answer).json();
    const viennaData: ListedTour = api.data.items.find((t: { code: string }) => t.code === 'MHW-VIE');
    const vienna = page.getByRole('article', { name: 'Vienna: Mozart and the Habsburgs' });
    await expect(vienna.getByRole('link', { name: /^See dates and book/ })).toHaveAttribute('href', '/tours/MHW-VIE');
    await expect(vienna).toContainText(`${viennaData.next_departure!.places_left} places left`);

    // Bayreuth's next departure is closed to online booking.
    const bayreuth = page.getByRole('article', { name: 'Bayreuth Festival' });
    await expect(bayreuth.getByText('On request')).toBeVisible();
  });

  test('the currency switch shows lead prices in USD and AUD and adds the currency to the tour link', async ({ page }) => {
    await page.goto('/tours');
    const vienna = page.getByRole('article', { name: 'Vienna: Mozart and the Habsburgs' });
    await expect(vienna.getByText('£1,895')).toBeVisible();

    // The currency lives in the URL; the router applies it in a transition, so assert the result, not the click.
    await page.getByRole('radio', { name: /USD/ }).click();
    await expect(page.getByRole('radio', { name: /USD/ })).toBeChecked();
    await expect(page).toHaveURL(/currency=USD/);
    await expect(vienna.getByText('$2,450')).toBeVisible();
    await expect(vienna.getByRole('link', { name: /^See dates and book/ })).toHaveAttribute('href', '/tours/MHW-VIE?currency=USD');

    await page.getByRole('radio', { name: /AUD/ }).click();
    await expect(page.getByRole('radio', { name: /AUD/ })).toBeChecked();
    await expect(vienna.getByText('$3,690')).toBeVisible();
    await expect(vienna.getByRole('link', { name: /^See dates and book/ })).toHaveAttribute('href', '/tours/MHW-VIE?currency=AUD');
  });
});
