import { expect, test } from '../support/fixtures.ts';
import { bookableDeparture, PARTICIPANT_HEADINGS } from '../support/booking.ts';

/**
 * A first load of /book asks for the departure (GET /tours/find) while the
 * page's code is still arriving and being evaluated, not once React has
 * rendered the page (issue 15, /book's largest contentful paint): the
 * request goes out before the header's region lookup, which React's first
 * render starts, and only once, the page taking that answer.
 */
test("a first load of /book asks for the departure once, before React's first render", async ({ page, request }) => {
  const departure = await bookableDeparture(request, 'MHW-VIE', { minDaysAhead: 60 });
  const calls: string[] = [];
  page.on('request', (sent) => {
    const path = new URL(sent.url()).pathname;
    if (path === '/api/tours/find' || path.endsWith('/sandbox/geolocation')) calls.push(path);
  });

  await page.goto(`/book?tour=mhw-vie&departure=${departure}`);
  await expect(page.getByRole('heading', { name: PARTICIPANT_HEADINGS[0] })).toBeVisible();
  await expect(page.getByText('Vienna: Mozart and the Habsburgs, departing', { exact: false })).toBeVisible();

  expect(calls.filter((path) => path === '/api/tours/find')).toHaveLength(1);
  expect(calls.indexOf('/api/tours/find')).toBeLessThan(calls.findIndex((path) => path.endsWith('/sandbox/geolocation')));
});
