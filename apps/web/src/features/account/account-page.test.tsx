import { ALERTS, SCREEN_TEXT } from '@tours/domain/messages';
import { OPERATOR } from '@tours/domain/operator';
import { ACCOUNT_LIST_LOAD_DELAY_MS } from '@tours/domain/timing';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAlertStore } from '../../lib/alerts.ts';
import { useAccountSession } from '../../lib/auth/account-session.ts';
import { fakeUserManager, signInForTest } from '../../test/auth.ts';
import { renderRoute } from '../../test/render.tsx';
import { balanceBooking, cancelledBooking, mockAccountApi, paidBooking, pastBooking } from './testing/account-fixtures.ts';

const listCalls = (fetchMock: ReturnType<typeof mockAccountApi>) =>
  fetchMock.mock.calls.filter(([url]) => new URL(String(url), 'http://localhost').pathname === '/api/account/bookings');

function signedIn() {
  fakeUserManager();
  signInForTest();
}

const section = (name: string) => screen.getByRole('region', { name });
const cards = (name: string) => within(section(name)).queryAllByRole('listitem');
const linkTarget = (scope: HTMLElement, name: string) => within(scope).getByRole('link', { name }).getAttribute('href');

describe('Manage your bookings (/account)', () => {
  it('loads the list about 1 s after the page opens, behind placeholders', async () => {
    signedIn();
    const fetchMock = mockAccountApi({ list: [balanceBooking] });
    const opened = Date.now();
    renderRoute('/account');
    expect(await screen.findByRole('heading', { level: 1, name: 'Manage your bookings' })).toBeTruthy();
    expect(screen.getByText('Loading your bookings')).toBeTruthy();
    expect(listCalls(fetchMock)).toHaveLength(0);

    expect(await screen.findByRole('link', { name: balanceBooking.principal_component_name }, { timeout: 3_000 })).toBeTruthy();
    expect(Date.now() - opened).toBeGreaterThanOrEqual(ACCOUNT_LIST_LOAD_DELAY_MS - 50);
    expect(listCalls(fetchMock)).toHaveLength(1);
    // The customer's bearer token goes with the call (spec section 7).
    expect(new Headers(listCalls(fetchMock)[0]![1]!.headers).get('Authorization')).toBe('Bearer access.token.demo');
    expect(screen.queryByText('Loading your bookings')).toBeNull();
  });

  it("groups Confirmed bookings into 'Your next tour' (soonest first) and 'Other bookings'; other statuses appear in neither", async () => {
    signedIn();
    mockAccountApi({ list: [balanceBooking, cancelledBooking, pastBooking, paidBooking] });
    renderRoute('/account');
    await screen.findByRole('link', { name: paidBooking.principal_component_name }, { timeout: 3_000 });

    const upcoming = cards('Your next tour');
    expect(upcoming.map((card) => within(card).getByRole('heading', { level: 3 }).textContent)).toEqual([
      paidBooking.principal_component_name,
      balanceBooking.principal_component_name,
    ]);
    const past = cards('Other bookings');
    expect(past.map((card) => within(card).getByRole('heading', { level: 3 }).textContent)).toEqual([pastBooking.principal_component_name]);
    expect(screen.queryByText(cancelledBooking.booking_reference)).toBeNull();
    expect(screen.queryByText(cancelledBooking.principal_component_name)).toBeNull();

    // The travel-advice notice links to the government website.
    const advice = screen.getByRole('link', { name: /foreign travel advice/ });
    expect(advice.getAttribute('href')).toBe(OPERATOR.governmentTravelAdviceUrl);
    expect(advice.getAttribute('target')).toBe('_blank');
  });

  it("gives each upcoming booking its facts and buttons: 'Make a payment' when a balance is outstanding, otherwise 'Summary'", async () => {
    signedIn();
    mockAccountApi({ list: [balanceBooking, paidBooking, pastBooking] });
    renderRoute('/account');
    await screen.findByRole('link', { name: balanceBooking.principal_component_name }, { timeout: 3_000 });
    const [paid, balance] = cards('Your next tour') as [HTMLElement, HTMLElement];

    expect(within(balance).getByText('MER-480153')).toBeTruthy();
    expect(within(balance).getByText(/£3,200\.50/)).toBeTruthy();
    expect(linkTarget(balance, balanceBooking.principal_component_name)).toBe('/account/booking/101');
    expect(linkTarget(balance, 'Make a payment')).toBe('/account/booking/101');
    expect(within(balance).queryByRole('link', { name: 'Summary' })).toBeNull();
    expect(linkTarget(balance, 'Passenger information')).toBe('/account/booking/101?tab=1');
    expect(linkTarget(balance, 'View documents')).toBe('/account/booking/101?tab=2');
    expect(within(balance).getByText('Passenger information is still needed.')).toBeTruthy();

    expect(within(paid).getByText('$0')).toBeTruthy();
    expect(linkTarget(paid, 'Summary')).toBe('/account/booking/102');
    expect(within(paid).queryByRole('link', { name: 'Make a payment' })).toBeNull();
    expect(linkTarget(paid, 'Passenger information')).toBe('/account/booking/102?tab=1');
    expect(within(paid).queryByText('Passenger information is still needed.')).toBeNull();
    // Buttons name their booking for screen readers, which list links out of context.
    expect(within(paid).getByRole('link', { name: 'Summary' }).getAttribute('aria-describedby')).toBe('booking-102-title');

    // Past bookings are a record: no buttons.
    const [past] = cards('Other bookings') as [HTMLElement];
    expect(within(past).getAllByRole('link').map((link) => link.textContent)).toEqual([pastBooking.principal_component_name]);
  });

  it("says 'You don't appear to have any upcoming tours.' when no booking is upcoming", async () => {
    signedIn();
    mockAccountApi({ list: [pastBooking, cancelledBooking] });
    renderRoute('/account');
    expect(await screen.findByText(SCREEN_TEXT.noUpcomingTours, undefined, { timeout: 3_000 })).toBeTruthy();
    expect(cards('Your next tour')).toHaveLength(0);
    expect(cards('Other bookings')).toHaveLength(1);
  });

  it('a failed list raises the alert and offers to try again', async () => {
    signedIn();
    const fetchMock = mockAccountApi({ list: { status: 500, code: 'INTERNAL' } });
    renderRoute('/account');
    expect(await screen.findByRole('heading', { name: 'We could not load your bookings' }, { timeout: 3_000 })).toBeTruthy();
    expect(useAlertStore.getState().alerts.map((alert) => alert.message)).toEqual([ALERTS.generalFailure(OPERATOR.regions.DEFAULT.phone).message]);
    screen.getByRole('button', { name: 'Try again' }).click();
    await waitFor(() => expect(listCalls(fetchMock)).toHaveLength(2));
  });

  it('a token the API no longer accepts (401) ends the session and sends the visitor to sign in again', async () => {
    signedIn();
    mockAccountApi({ list: { status: 401, code: 'UNAUTHORIZED' } });
    const { router } = renderRoute('/account');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in or create an account' }, { timeout: 3_000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(useAccountSession.getState()).toMatchObject({ isAuth: false, accessToken: null, customer: null, locationWhenAuthenticating: '/account' });
    expect(useAlertStore.getState().alerts).toEqual([]);
  });
});
