import { OPERATOR } from '@tours/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useAlertStore } from '../../lib/alerts.ts';
import { catalogueAnswer, catalogueTours } from '../../test/fixtures.ts';
import { jsonResponse, mockFetch, mockRoutes } from '../../test/fetch-mock.ts';
import { renderRoute } from '../../test/render.tsx';

const card = async (name: string) => (await screen.findByRole('article', { name })) as HTMLElement;
const cardNames = () => screen.getAllByRole('article').map((article) => within(article).getByRole('heading').textContent);

/** Answers GET /api/tours by its query, recording each query asked. */
function mockCatalogue() {
  const queries: string[] = [];
  const fetchMock = mockFetch((url) => {
    const { pathname, search } = new URL(url, 'http://localhost');
    if (pathname !== '/api/tours') return jsonResponse({ error: { code: 'NOT_FOUND', message: pathname } }, 404);
    queries.push(search);
    const kind = new URLSearchParams(search).get('kind');
    return jsonResponse(catalogueAnswer(kind ? catalogueTours.filter((tour) => tour.kind === kind) : catalogueTours));
  });
  return { fetchMock, queries };
}

describe('Catalogue page', () => {
  it('shows each tour in the order the API sorts them, with its picture, next departure and lead price', async () => {
    const { fetchMock } = mockCatalogue();
    renderRoute('/tours');
    // The page's code loads on demand (app/routes.tsx); then its own placeholder says the tours are loading.
    expect(await screen.findByText('Loading tours')).toBeTruthy();

    const vienna = await card('Vienna: Mozart and the Habsburgs');
    expect(fetchMock).toHaveBeenCalledWith('/api/tours?currency=GBP', expect.objectContaining({ method: 'GET' }));
    expect(cardNames()).toEqual(['Vienna: Mozart and the Habsburgs', 'A Day at Kew']);
    expect(screen.getByRole('status').textContent).toBe('2 tours');
    expect(within(vienna).getByText('Music & History Weekends')).toBeTruthy();
    expect(within(vienna).getByText('Dr Clara Weiss')).toBeTruthy();
    expect(within(vienna).getByText('04 Mar 2027')).toBeTruthy();
    expect(within(vienna).getByText('6 places left')).toBeTruthy();
    expect(within(vienna).getByText('1 more date')).toBeTruthy();
    expect(within(vienna).getByText('£1,850')).toBeTruthy();

    // The picture: AVIF and WebP at every width, the first row loaded at once, with its alt text.
    const image = within(vienna).getByRole('img', { name: 'Drawing of Vienna at dusk.' }) as HTMLImageElement;
    expect(image.getAttribute('loading')).toBe('eager');
    expect(image.getAttribute('width')).toBe('1440');
    expect(image.getAttribute('height')).toBe('960');
    const sources = [...image.parentElement!.querySelectorAll('source')];
    expect(sources.map((source) => source.getAttribute('type'))).toEqual(['image/avif', 'image/webp']);
    expect(sources[0]!.getAttribute('srcset')).toBe(
      '/api/media/tours/vie.abc-480.avif 480w, /api/media/tours/vie.abc-960.avif 960w, /api/media/tours/vie.abc-1440.avif 1440w',
    );
    expect(sources[0]!.getAttribute('sizes')).toContain('100vw');

    const links = within(vienna)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(links).toEqual(['/tours/VIE24', '/tours/VIE24']);

    const kew = await card('A Day at Kew');
    expect(within(kew).getByText('1 place left')).toBeTruthy();
    expect(within(kew).getByText('£95')).toBeTruthy();
    expect(within(kew).queryByRole('img')).toBeNull();
  });

  it('switches currency, carrying it into the tour links', async () => {
    mockCatalogue();
    const { router } = renderRoute('/tours');
    const vienna = await card('Vienna: Mozart and the Habsburgs');

    await userEvent.click(screen.getByRole('radio', { name: '$ USD' }));
    expect(router.state.location.search).toBe('?currency=USD');
    expect(within(vienna).getByText('$2,350')).toBeTruthy();
    expect(within(vienna).getAllByRole('link')[0]!.getAttribute('href')).toBe('/tours/VIE24?currency=USD');

    await userEvent.click(screen.getByRole('radio', { name: '£ GBP' }));
    expect(router.state.location.search).toBe('');
  });

  it('filters by kind, month, price and search through the URL, and Back restores the previous choice', async () => {
    const { queries } = mockCatalogue();
    const { router } = renderRoute('/tours');
    await card('A Day at Kew');

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'Day trips');
    await waitFor(() => expect(cardNames()).toEqual(['A Day at Kew']));
    expect(router.state.location.search).toBe('?kind=day_trip');
    expect(screen.getByRole('status').textContent).toBe('1 tour matches your choices');

    // Months come from the API's answer.
    const month = screen.getByRole('combobox', { name: 'Month' });
    expect(within(month).getAllByRole('option').map((option) => option.textContent)).toEqual(['Any month', 'March 2027', 'May 2027', 'June 2027']);
    await userEvent.selectOptions(month, 'May 2027');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Price per person' }), 'Up to £250');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'kew gardens');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(router.state.location.search).toBe('?kind=day_trip&month=2027-05&price=up-to-250&q=kew+gardens'));
    expect(queries.at(-1)).toBe('?month=2027-05&kind=day_trip&q=kew+gardens&currency=GBP&price_max=25000');

    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('?kind=day_trip&month=2027-05&price=up-to-250');
    await waitFor(() => expect((screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement).value).toBe(''));
    await act(() => router.navigate(-3));
    expect(router.state.location.search).toBe('');
    await waitFor(() => expect(cardNames()).toEqual(['Vienna: Mozart and the Habsburgs', 'A Day at Kew']));
    expect((screen.getByRole('combobox', { name: 'Kind' }) as HTMLSelectElement).value).toBe('');
  });

  it('reads filters and currency from the URL and ignores unknown ones', async () => {
    const { queries } = mockCatalogue();
    renderRoute('/tours?currency=aud&kind=online_talk&month=13&price=free');
    await screen.findByRole('heading', { name: 'No tours match your choices' });
    expect(queries).toEqual(['?kind=online_talk&currency=GBP']);
    expect((screen.getByRole('radio', { name: '$ AUD' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('combobox', { name: 'Month' }) as HTMLSelectElement).value).toBe('');
    await userEvent.click(screen.getByRole('button', { name: 'Show all tours' }));
    expect(await card('A Day at Kew')).toBeTruthy();
  });

  it('shows the general failure toast and offers a retry when the catalogue fails', async () => {
    let fail = true;
    mockRoutes({
      '/api/tours': () => (fail ? jsonResponse({ error: { code: 'INTERNAL', message: 'down' } }, 500) : jsonResponse(catalogueAnswer())),
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
    mockRoutes({ '/api/tours': () => jsonResponse(catalogueAnswer([], [])) });
    renderRoute('/tours');
    expect(await screen.findByRole('heading', { name: 'No tours are open for booking at the moment' })).toBeTruthy();
  });
});
