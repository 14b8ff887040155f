import { OPERATOR } from '@tours/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useAlertStore } from '../../lib/alerts.ts';
import { catalogueTours } from '../../test/fixtures.ts';
import { jsonResponse, mockRoutes } from '../../test/fetch-mock.ts';
import { renderRoute } from '../../test/render.tsx';

const card = async (name: string) => (await screen.findByRole('article', { name })) as HTMLElement;
const bookingLinks = (scope: HTMLElement) =>
  within(scope)
    .getAllByRole('link')
    .map((link) => link.getAttribute('href'));

describe('Catalogue page', () => {
  it('lists each tour with its channel, speakers, departures, prices and places', async () => {
    const fetchMock = mockRoutes({ '/api/tours': () => jsonResponse({ data: { items: catalogueTours } }) });
    renderRoute('/tours');
    expect(screen.getByText('Loading tours')).toBeTruthy();

    const vienna = await card('Vienna: Mozart and the Habsburgs');
    expect(fetchMock).toHaveBeenCalledWith('/api/tours', expect.objectContaining({ method: 'GET' }));
    expect(within(vienna).getByText('Music & History Weekends')).toBeTruthy();
    expect(within(vienna).getByText('Dr Clara Weiss')).toBeTruthy();
    // Departures in date order, dates as dd MMM yyyy.
    const rows = within(vienna).getAllByRole('listitem');
    expect(rows.map((row) => row.querySelector('.departure__dates')?.textContent)).toEqual([
      '04 Mar 2027 – 08 Mar 2027',
      '10 Jun 2027 – 14 Jun 2027',
    ]);
    expect(within(rows[0]!).getByText('6 places left')).toBeTruthy();
    expect(within(rows[0]!).getByText('£1,850pp')).toBeTruthy();
    expect(within(rows[1]!).getByText('On request')).toBeTruthy();
    expect(within(vienna).getByText('£1,850')).toBeTruthy(); // the 'from' price
    expect(bookingLinks(vienna)).toEqual(['/book?tour=VIE24&departure=2027-03-04', '/book?tour=VIE24&departure=2027-06-10']);

    const kew = await card('A Day at Kew');
    expect(within(kew).getByText('London Days')).toBeTruthy();
    expect(within(kew).getByText('Professor Alan Reed, Ms Jo Park')).toBeTruthy();
    expect(within(kew).getByText('01 May 2027')).toBeTruthy();
    expect(within(kew).getByText('1 place left')).toBeTruthy();
    expect(within(kew).getByRole('link', { name: /Book A Day at Kew, departing 01 May 2027/ })).toBeTruthy();
  });

  it('switches currency, carrying it into the booking links', async () => {
    mockRoutes({ '/api/tours': () => jsonResponse({ data: { items: catalogueTours } }) });
    const { router } = renderRoute('/tours');
    const vienna = await card('Vienna: Mozart and the Habsburgs');

    await userEvent.click(screen.getByRole('radio', { name: '$ USD' }));
    expect(router.state.location.search).toBe('?currency=USD');
    expect(within(vienna).getByText('$2,350pp')).toBeTruthy();
    expect(within(vienna).getByText('$2,490pp')).toBeTruthy();
    expect(bookingLinks(vienna)).toEqual([
      '/book?tour=VIE24&departure=2027-03-04&currency=USD',
      '/book?tour=VIE24&departure=2027-06-10&currency=USD',
    ]);

    await userEvent.click(screen.getByRole('radio', { name: '$ AUD' }));
    expect(within(vienna).getByText('$3,550pp')).toBeTruthy();
    // No AUD price for this departure: never a price in the wrong currency.
    expect(within(vienna).getByText('Price on request')).toBeTruthy();

    await userEvent.click(screen.getByRole('radio', { name: '£ GBP' }));
    expect(router.state.location.search).toBe('');
    expect(bookingLinks(vienna)[0]).toBe('/book?tour=VIE24&departure=2027-03-04');
  });

  it('reads the currency from the URL and ignores unknown ones', async () => {
    mockRoutes({ '/api/tours': () => jsonResponse({ data: { items: catalogueTours } }) });
    renderRoute('/tours?currency=aud');
    await card('A Day at Kew');
    expect((screen.getByRole('radio', { name: '$ AUD' }) as HTMLInputElement).checked).toBe(true);
  });

  it('shows the general failure toast and offers a retry when the catalogue fails', async () => {
    let fail = true;
    mockRoutes({
      '/api/tours': () =>
        fail ? jsonResponse({ error: { code: 'INTERNAL', message: 'down' } }, 500) : jsonResponse({ data: { items: catalogueTours } }),
    });
    renderRoute('/tours');
    expect(await screen.findByRole('heading', { name: 'We could not load our tours' })).toBeTruthy();
    const toast = await screen.findByRole('alert');
    expect(toast.textContent).toContain(`A problem occurred. Please refresh the page or contact us on ${OPERATOR.regions.DEFAULT.phone}.`);
    expect(useAlertStore.getState().alerts).toHaveLength(1);

    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await card('A Day at Kew')).toBeTruthy();
  });

  it('says so when no tours are open', async () => {
    mockRoutes({ '/api/tours': () => jsonResponse({ data: { items: [] } }) });
    renderRoute('/tours');
    expect(await screen.findByRole('heading', { name: 'No tours are open for booking at the moment' })).toBeTruthy();
  });
});
