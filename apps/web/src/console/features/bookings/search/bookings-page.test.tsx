import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STAFF_SEARCH_MESSAGES } from '@tours/domain/contracts/staff/bookings';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../../../test/fetch-mock.ts';
import { renderInRouter } from '../../../../test/render.tsx';
import { bookingRow, searchAnswer, signInAs } from '../testing.tsx';
import { BookingsPage } from './bookings-page.tsx';

const checkbox = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;

const renderPage = (path: string) =>
  renderInRouter(
    <Routes>
      <Route path="/bookings" element={<BookingsPage />} />
    </Routes>,
    path,
  );

/** What the API was asked for: the query of each GET /api/staff/bookings, as key=value pairs. */
function searchesOf(fetchMock: ReturnType<typeof mockFetch>) {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/staff/bookings')
    .map((url) => Object.fromEntries(url.searchParams));
}

describe('the bookings search page', () => {
  beforeEach(() => signInAs(['operations']));

  it('puts the filters typed in the URL, asks the API for them, and Back brings the last search and its form back', async () => {
    const fetchMock = mockFetch(() => jsonResponse(searchAnswer([bookingRow()])));
    const user = userEvent.setup();
    const { router } = renderPage('/bookings?status=Confirmed');

    expect(await screen.findByRole('link', { name: 'MER-480153' })).toBeTruthy();
    expect(checkbox('Confirmed').checked).toBe(true);
    await user.type(screen.getByLabelText('Passenger name'), ' Ashworth ');
    await user.type(screen.getByLabelText('Tour code'), 'MHW-VIE');
    await user.click(screen.getByRole('checkbox', { name: 'Optional' }));
    await user.selectOptions(screen.getByLabelText('Work queue'), 'details-missing');
    await user.click(screen.getByRole('button', { name: 'Search' }));

    await waitFor(() => expect(router.state.location.search).toBe('?name=Ashworth&tour=MHW-VIE&queue=details-missing&status=Optional%2CConfirmed'));
    await waitFor(() =>
      expect(searchesOf(fetchMock).at(-1)).toEqual({
        name: 'Ashworth',
        tour: 'MHW-VIE',
        queue: 'details-missing',
        status: 'Optional,Confirmed',
        sort: 'created',
        direction: 'desc',
        page: '1',
        page_size: '25',
      }),
    );
    expect(document.title).toMatch(/^Bookings: Passenger details missing/);

    await router.navigate(-1);
    expect(router.state.location.search).toBe('?status=Confirmed');
    // The form shows the search the URL holds again, not what was typed last.
    expect((screen.getByLabelText('Passenger name') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Work queue') as HTMLSelectElement).value).toBe('');
    expect(checkbox('Optional').checked).toBe(false);
    expect(checkbox('Confirmed').checked).toBe(true);
  });

  it('sorts and pages through the API, in the URL, a new sort going back to page 1', async () => {
    const rows = [bookingRow(), bookingRow({ id: 100_002, booking_reference: 'MER-480297' })];
    const fetchMock = mockFetch(() => jsonResponse(searchAnswer(rows, { page: 2, page_size: 25, total: 60 })));
    const user = userEvent.setup();
    const { router } = renderPage('/bookings?page=2');

    expect(await screen.findByText('26–50 of 60 bookings')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=3'));
    await user.click(screen.getByRole('button', { name: /^Departure/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=departure'));
    await waitFor(() => expect(searchesOf(fetchMock).at(-1)).toMatchObject({ sort: 'departure', direction: 'asc', page: '1' }));
    expect(screen.getByRole('columnheader', { name: /^Departure/ }).getAttribute('aria-sort')).toBe('ascending');
  });

  it("shows the API's field errors by their fields", async () => {
    mockFetch(() =>
      jsonResponse({ error: { code: 'VALIDATION_FAILED', message: 'Please correct the fields shown.', fields: { tour: 'No tour has this code', agent: 'Search with at most 20 characters' } } }, 400),
    );
    renderPage('/bookings?tour=NOPE&agent=X');

    expect(await screen.findByText('No tour has this code')).toBeTruthy();
    const tour = screen.getByLabelText('Tour code');
    expect(document.getElementById(tour.getAttribute('aria-describedby')!.split(' ').at(-1)!)?.textContent).toBe('No tour has this code');
    expect(screen.getByLabelText('Agent code').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toContain('Please correct the filters shown above.');
  });

  it('refuses dates in the wrong order by the last date, before asking the API', async () => {
    const fetchMock = mockFetch(() => jsonResponse(searchAnswer([])));
    renderPage('/bookings?departure_from=2027-05-01&departure_to=2027-04-01');

    expect(await screen.findByText(STAFF_SEARCH_MESSAGES.datesOrdered)).toBeTruthy();
    expect(screen.getByLabelText('Departing until').getAttribute('aria-invalid')).toBe('true');
    expect(searchesOf(fetchMock)).toEqual([]);
  });

  it('says when nothing matches, with the way back to every booking', async () => {
    mockFetch(() => jsonResponse(searchAnswer([])));
    renderPage('/bookings?reference=MER-000000');

    const empty = await screen.findByText('No booking matches these filters.');
    expect(empty).toBeTruthy();
    expect(within(empty.parentElement!).getByRole('link', { name: 'clear the filters' }).getAttribute('href')).toBe('/bookings');
    expect(screen.queryByRole('table')).toBeNull();
  });
});
