import type { AccountBooking } from '@tours/domain/contracts/account';
import { balanceDuePhrase } from '@tours/domain/booking/balance-due';
import { ALERTS } from '@tours/domain/messages';
import { OPERATOR } from '@tours/domain/operator';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useAlertStore } from '../../lib/alerts.ts';
import { useAccountSession } from '../../lib/auth/account-session.ts';
import { fakeUserManager, signInForTest } from '../../test/auth.ts';
import { renderRoute, type InitialEntry } from '../../test/render.tsx';
import { accountKeys } from './api/account-keys.ts';
import { balanceBooking, bookingDetail, mockAccountApi, paidBooking, payments } from './testing/account-fixtures.ts';

// The form itself is tested with its own feature; here it only has to appear and report a payment.
vi.mock('./make-a-payment/make-a-payment.tsx', () => ({
  MakeAPayment: ({ booking, onPaid }: { booking: AccountBooking; onPaid: () => void }) => (
    <section aria-label="Make a payment">
      <button type="button" onClick={onPaid}>
        Test payment for {booking.booking_reference}
      </button>
    </section>
  ),
}));

const phone = OPERATOR.regions.DEFAULT.phone;
const alertMessages = () => useAlertStore.getState().alerts.map((alert) => alert.message);
const callsTo = (fetchMock: ReturnType<typeof mockAccountApi>, path: string) =>
  fetchMock.mock.calls.filter(([url]) => new URL(String(url), 'http://localhost').pathname === path).length;
const rows = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));

function signedIn() {
  fakeUserManager();
  signInForTest();
}

/** Phones: `(max-width: 37.5rem)` matches. */
function phoneWidth() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('max-width'),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

const openBooking = async (path: InitialEntry = '/account/booking/101') => {
  const view = renderRoute(path);
  await screen.findByRole('heading', { level: 1, name: 'Vienna: Mozart & the Habsburgs' });
  return view;
};

describe('Booked Item (/account/booking/:id)', () => {
  it('shows placeholders while fetching, then the header card and the travel-advice notice', async () => {
    signedIn();
    const fetchMock = mockAccountApi({ details: { 101: bookingDetail() }, payments: { 101: payments } });
    renderRoute('/account/booking/101');
    expect(await screen.findByText('Loading your booking')).toBeTruthy();

    const heading = await screen.findByRole('heading', { level: 1, name: 'Vienna: Mozart & the Habsburgs' });
    const header = heading.closest('.card') as HTMLElement;
    expect(within(header).getByText('Your reference').nextElementSibling?.textContent).toBe('MER-480153');
    expect(within(header).getByText('Start date').nextElementSibling?.textContent).toMatch(/^\d{2} [A-Z][a-z]{2} \d{4}$/);
    expect(within(header).getByText('End date')).toBeTruthy();
    expect(screen.getByRole('link', { name: /foreign travel advice/ }).getAttribute('href')).toBe(OPERATOR.governmentTravelAdviceUrl);
    expect(screen.queryByText('Loading your booking')).toBeNull();
    expect(document.title).toBe(`Booking MER-480153 | ${OPERATOR.companyName}`);
    expect(callsTo(fetchMock, '/api/account/bookings/101')).toBe(1);
    expect(callsTo(fetchMock, '/api/account/bookings/101/payments')).toBe(1);
  });

  it('the Booking summary tab: adults, confirmation date, status, components, balance, the payment form and the payment history', async () => {
    signedIn();
    mockAccountApi({ details: { 101: bookingDetail() }, payments: { 101: payments } });
    await openBooking();
    const panel = screen.getByRole('tabpanel', { name: 'Booking summary' });
    expect(within(panel).getByRole('heading', { level: 2, name: 'Booking summary' })).toBeTruthy();
    // Adults only, forename surname, comma-separated.
    expect(within(panel).getByText('Margaret Ashworth, Thomas Ashworth')).toBeTruthy();
    expect(within(panel).getByText('Confirmed on').nextElementSibling?.textContent).toBe('10 January 2026');
    expect(within(panel).getByText('Status', { selector: 'dt' }).nextElementSibling?.textContent).toBe('Confirmed');

    await within(panel).findByText('Payment history');
    const [components, history] = within(panel).getAllByRole('table') as [HTMLElement, HTMLElement];
    expect(within(components).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Name', 'Type', 'Cost']);
    expect(rows(components)).toEqual([
      ['Vienna: Mozart & the Habsburgs', 'Tour', '£1,895'],
      ['BA 702 Economy', 'Flight', 'Included'],
      ['Additional night', 'Additional night', '£120'],
      ['Welcome drinks', 'Extra', 'Included'],
    ]);
    // The balance with its due date, in the domain's one wording (issue 25, item 2).
    expect(within(panel).getByText('Outstanding balance').nextElementSibling?.textContent).toBe(`£3,200.50 ${balanceDuePhrase(balanceBooking.balance_due!)}`);
    expect(within(panel).getByText('Total cost').nextElementSibling?.textContent).toBe('£4,200.50');
    expect(within(panel).getByRole('region', { name: 'Make a payment' })).toBeTruthy();
    expect(within(panel).queryByText('No outstanding balance')).toBeNull();

    expect(await within(panel).findByRole('heading', { level: 3, name: 'Payment history' })).toBeTruthy();
    expect(history.getAttribute('aria-labelledby')).toBe('payment-history-heading');
    expect(within(history).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['ID', 'Reference', 'Date', 'Status', 'Amount']);
    expect(rows(history)).toEqual([
      ['7', 'MER-480153-2', '02 Mar 2026', 'Captured', '£250.50'],
      ['5', 'MER-480153-1', '10 Jan 2026', 'Captured', '£750'],
    ]);
  });

  it("paid in full: 'No outstanding balance' instead of the form; no payments, no history; no components, 'No items found'; no confirmation date, none shown", async () => {
    signedIn();
    const paid = { ...paidBooking, confirmed_date: null };
    mockAccountApi({ details: { 102: bookingDetail(paid, []) }, payments: { 102: [] } });
    renderRoute('/account/booking/102');
    const panel = await screen.findByRole('tabpanel', { name: 'Booking summary' });
    expect(within(panel).getByText('No outstanding balance').closest('.notice')?.className).toContain('notice--success');
    expect(within(panel).queryByRole('region', { name: 'Make a payment' })).toBeNull();
    expect(within(panel).getByText('Outstanding balance').nextElementSibling?.textContent).toBe('$0');
    expect(within(panel).getByText('Total cost').nextElementSibling?.textContent).toBe('$5,100');
    expect(rows(within(panel).getByRole('table'))).toEqual([['No items found']]);
    expect(within(panel).queryByText('Payment history')).toBeNull();
    expect(within(panel).queryByText('Confirmed on')).toBeNull();
    // With no Tour component, the header names the booking's principal component.
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(paidBooking.principal_component_name);
  });

  it('a booking that is not settled (cancelled) offers no payment form, whatever its balance', async () => {
    signedIn();
    const cancelled = { ...balanceBooking, status: 'Cancelled' as const };
    mockAccountApi({ details: { 101: bookingDetail(cancelled) }, payments: { 101: [] } });
    await openBooking();
    const panel = screen.getByRole('tabpanel', { name: 'Booking summary' });
    expect(within(panel).getByText('Status', { selector: 'dt' }).nextElementSibling?.textContent).toBe('Cancelled');
    expect(within(panel).queryByRole('region', { name: 'Make a payment' })).toBeNull();
    expect(within(panel).queryByText('No outstanding balance')).toBeNull();
    expect(within(panel).getByText(`This booking is cancelled, so its balance cannot be paid online. Please contact us on ${phone}.`)).toBeTruthy();
  });

  it('a payment made refreshes the booking, the list and the payments', async () => {
    signedIn();
    const fetchMock = mockAccountApi({ list: [balanceBooking], details: { 101: bookingDetail() }, payments: { 101: payments } });
    const { queryClient } = await openBooking();
    // The list was read on /account earlier in the visit.
    await act(() => queryClient.fetchQuery({ queryKey: accountKeys.list(), queryFn: () => [balanceBooking] }));
    await userEvent.click(screen.getByRole('button', { name: 'Test payment for MER-480153' }));
    await waitFor(() => {
      expect(callsTo(fetchMock, '/api/account/bookings/101')).toBe(2);
      expect(callsTo(fetchMock, '/api/account/bookings/101/payments')).toBe(2);
    });
    expect(queryClient.getQueryState(accountKeys.list())?.isInvalidated).toBe(true);
  });

  it('?tab= chooses the tab, is then removed from the address, and the tab is remembered for a reload of that page only', async () => {
    signedIn();
    mockAccountApi({ details: { 101: bookingDetail(), 102: bookingDetail(paidBooking, []) }, payments: { 101: payments, 102: [] } });
    const { router, unmount } = await openBooking('/account/booking/101?tab=2');
    expect(screen.getByRole('tab', { name: 'Documents' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel', { name: 'Documents' })).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/account/booking/101');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(useAccountSession.getState()).toMatchObject({ bookingTab: 2, activeBookingId: 101 });
    const kept = router.state.location.state;
    unmount();

    // A reload keeps the history entry's state, so it stays on the tab.
    const reloaded = await openBooking({ pathname: '/account/booking/101', state: kept });
    expect(screen.getByRole('tab', { name: 'Documents' }).getAttribute('aria-selected')).toBe('true');
    reloaded.unmount();

    // Opened again without ?tab (a link, the address typed): the Booking summary, the specification's default.
    await openBooking('/account/booking/101');
    expect(screen.getByRole('tab', { name: 'Booking summary' }).getAttribute('aria-selected')).toBe('true');
    expect(useAccountSession.getState()).toMatchObject({ bookingTab: 0, activeBookingId: 101 });
  });

  it('another booking id reloads the booking and opens on its summary; ?tab=1 opens Passenger information', async () => {
    signedIn();
    const fetchMock = mockAccountApi({ details: { 101: bookingDetail(), 102: bookingDetail(paidBooking, []) }, payments: { 101: payments, 102: [] } });
    const { router } = await openBooking('/account/booking/101?tab=2');
    await waitFor(() => expect(router.state.location.search).toBe(''));

    await act(() => router.navigate('/account/booking/102'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sicily: Temples and Baroque' })).toBeTruthy();
    expect(callsTo(fetchMock, '/api/account/bookings/102')).toBe(1);
    expect(screen.getByRole('tab', { name: 'Booking summary' }).getAttribute('aria-selected')).toBe('true');

    await act(() => router.navigate('/account/booking/101?tab=1'));
    expect(await screen.findByRole('tabpanel', { name: /Passenger information/ })).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(useAccountSession.getState()).toMatchObject({ bookingTab: 1, activeBookingId: 101 });
  });

  it('tabs follow the WAI-ARIA pattern, and Passenger information warns while details are incomplete', async () => {
    signedIn();
    mockAccountApi({ details: { 101: bookingDetail(), 102: bookingDetail(paidBooking, []) }, payments: { 101: [], 102: [] } });
    const { router } = await openBooking();
    const tablist = screen.getByRole('tablist', { name: 'Booking sections' });
    expect(within(tablist).getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Booking summary',
      'Passenger information, details needed',
      'Documents',
    ]);
    expect(within(tablist).getByRole('tab', { name: 'Passenger information, details needed' })).toBeTruthy();
    const summary = screen.getByRole('tab', { name: 'Booking summary' });
    expect(summary.tabIndex).toBe(0);
    expect(screen.getByRole('tab', { name: /Passenger information/ }).tabIndex).toBe(-1);
    expect(screen.getByRole('tab', { name: /Passenger information/ }).querySelector('svg')).not.toBeNull();

    summary.focus();
    await userEvent.keyboard('{ArrowRight}');
    const passengers = screen.getByRole('tab', { name: 'Passenger information, details needed' });
    expect(passengers.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(passengers);
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(passengers.id);
    expect(useAccountSession.getState().bookingTab).toBe(1);
    await userEvent.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Documents' }).getAttribute('aria-selected')).toBe('true');
    await userEvent.keyboard('{ArrowRight}');
    expect(summary.getAttribute('aria-selected')).toBe('true');
    await userEvent.click(screen.getByRole('tab', { name: 'Documents' }));
    expect(screen.getByRole('tabpanel', { name: 'Documents' })).toBeTruthy();

    // Complete details: no warning.
    await act(() => router.navigate('/account/booking/102'));
    await screen.findByRole('heading', { level: 1, name: 'Sicily: Temples and Baroque' });
    expect(screen.getByRole('tab', { name: 'Passenger information' }).querySelector('svg')).toBeNull();
  });

  it('on phones a labelled dropdown replaces the tabs', async () => {
    phoneWidth();
    signedIn();
    mockAccountApi({ details: { 101: bookingDetail() }, payments: { 101: payments } });
    renderRoute('/account/booking/101?tab=2');
    const select = (await screen.findByRole('combobox', { name: 'Show' })) as HTMLSelectElement;
    expect(screen.queryByRole('tablist')).toBeNull();
    expect([...select.options].map((option) => option.text)).toEqual(['Booking summary', 'Passenger information (details needed)', 'Documents']);
    expect(select.value).toBe('2');
    expect(screen.getByRole('heading', { level: 2, name: 'Documents' })).toBeTruthy();
    await userEvent.selectOptions(select, 'Booking summary');
    expect(screen.getByRole('heading', { level: 2, name: 'Booking summary' })).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 2, name: 'Documents' })).toBeNull();
    expect(useAccountSession.getState().bookingTab).toBe(0);
  });

  it('a failed load raises the booking-load alert and clears the booking, its components and passengers', async () => {
    signedIn();
    const details: NonNullable<Parameters<typeof mockAccountApi>[0]>['details'] = { 101: bookingDetail() };
    mockAccountApi({ details, payments: { 101: payments } });
    const { queryClient } = await openBooking();
    expect(screen.getByText('Margaret Ashworth, Thomas Ashworth')).toBeTruthy();

    details[101] = { status: 503, code: 'SERVICE_UNAVAILABLE' };
    await act(() => queryClient.invalidateQueries({ queryKey: accountKeys.booking(101), exact: true }));
    expect(await screen.findByRole('heading', { name: 'We could not load this booking' })).toBeTruthy();
    expect(alertMessages()).toEqual([ALERTS.bookingLoadFailed(phone).message]);
    expect(screen.queryByRole('heading', { name: 'Vienna: Mozart & the Habsburgs' })).toBeNull();
    expect(screen.queryByText('MER-480153')).toBeNull();
    expect(screen.queryByText('Margaret Ashworth, Thomas Ashworth')).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('a failed payment list clears the payments and raises the general alert; the summary stays', async () => {
    signedIn();
    mockAccountApi({ details: { 101: bookingDetail() }, payments: { 101: { status: 500, code: 'INTERNAL' } } });
    await openBooking();
    await waitFor(() => expect(alertMessages()).toEqual([ALERTS.generalFailure(phone).message]));
    expect(screen.queryByText('Payment history')).toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: 'Booking summary' })).toBeTruthy();
  });

  it('a booking not in this account (404) says so, without a toast', async () => {
    signedIn();
    mockAccountApi({ details: { 101: { status: 404, code: 'NOT_FOUND' } } });
    renderRoute('/account/booking/101');
    expect(await screen.findByRole('heading', { level: 1, name: 'Booking not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to your bookings' }).getAttribute('href')).toBe('/account');
    expect(alertMessages()).toEqual([]);
  });

  it('an id that is not a booking id is not found, without calling the API', async () => {
    signedIn();
    const fetchMock = mockAccountApi();
    renderRoute('/account/booking/abc');
    expect(await screen.findByRole('heading', { level: 1, name: 'Booking not found' })).toBeTruthy();
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('/account/bookings'))).toHaveLength(0);
  });

  it('a 401 ends the session and sends the visitor to sign in again, remembering the booking', async () => {
    signedIn();
    mockAccountApi({ details: { 101: { status: 401, code: 'UNAUTHORIZED' } } });
    const { router } = renderRoute('/account/booking/101');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in or create an account' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(useAccountSession.getState()).toMatchObject({ isAuth: false, locationWhenAuthenticating: '/account/booking/101' });
    expect(alertMessages()).toEqual([]);
  });
});
