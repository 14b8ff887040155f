import type { BookingStatus } from '@tours/domain/booking/statuses';
import { SCREEN_TEXT } from '@tours/domain/messages';
import type { MinorUnits } from '@tours/domain/money';
import { OPERATOR } from '@tours/domain/operator';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, mockRoutes } from '../../../test/fetch-mock.ts';
import { useAccountSession } from '../../../lib/auth/account-session.ts';
import { fakeUserManager, signInForTest } from '../../../test/auth.ts';
import { renderRoute } from '../../../test/render.tsx';
import { useBookingStore } from '../store/booking-store.ts';
import { usePaymentStore } from '../store/payment-store.ts';
import { useProductStore } from '../store/product-store.ts';
import { mockBookingApi, resetBookingStores, TOUR } from '../testing/booking-fixtures.ts';
import { seedReview } from '../testing/payment-fixtures.ts';
import { forgetRunningConfirmations } from '../payment/confirm-payment.ts';

const BOOK = '/book?tour=MHW-VIE&departure=2027-03-04';

/** A booking confirmed a moment ago, as the payment leaves the stores. */
function seedConfirmed({ expiresIn = 90_000, bookingStatus = 'Confirmed' as BookingStatus } = {}) {
  seedReview();
  useProductStore.getState().setProduct(TOUR, 'GBP');
  usePaymentStore.setState({
    checkoutId: 'pay_1',
    amountPaid: 65_100 as MinorUnits,
    postPaymentDetails: { status: 'confirmed', reference: 'MER-480153', booking_status: bookingStatus },
  });
  useBookingStore.getState().purchaseCompleted();
  const active = useBookingStore.getState().activeBooking!;
  useBookingStore.setState({ activeBooking: { ...active, expiresAt: Date.now() + expiresIn } });
}

const detail = (label: string) => screen.getByText(label, { exact: true }).nextElementSibling?.textContent;

beforeEach(() => {
  resetBookingStores();
  mockRoutes({ '/api/tours': () => jsonResponse({ data: { items: [] } }) });
});

describe('/booking-confirmation', () => {
  it('sends a visitor without a booking to the Home page', async () => {
    const { router } = renderRoute('/booking-confirmation');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in or create an account' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  it("sends an 'Inactive Session' to the Home page", async () => {
    seedConfirmed({ expiresIn: -1 });
    const { router } = renderRoute('/booking-confirmation');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in or create an account' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  it('sends a paid booking awaiting its confirmation back to its booking page, however old its session', async () => {
    mockBookingApi({ confirm: () => new Promise<Response>(() => undefined) });
    seedReview();
    usePaymentStore.getState().paymentSucceeded('pay_1', 65_100 as MinorUnits);
    useBookingStore.setState({ activeBooking: { ...useBookingStore.getState().activeBooking!, expiresAt: Date.now() - 60_000 } });
    const { router } = renderRoute('/booking-confirmation');
    await waitFor(() => expect(router.state.location.pathname).toBe('/book'));
    expect(await screen.findByRole('alertdialog', { name: 'Confirming your booking…' })).toBeTruthy();
    forgetRunningConfirmations();
  });

  it('sends a booking not yet confirmed back to its booking page', async () => {
    mockBookingApi();
    seedReview();
    const { router } = renderRoute('/booking-confirmation');
    await waitFor(() => expect(router.state.location.pathname).toBe('/book'));
    expect(router.state.location.search).toBe('?tour=MHW-VIE&departure=2027-03-04&currency=GBP');
  });

  it('shows the final view: reference, what was paid, the balance, the e-mail promise and the sign-in action', async () => {
    seedConfirmed();
    const { manager } = fakeUserManager();
    renderRoute('/booking-confirmation');
    expect(await screen.findByRole('heading', { level: 2, name: 'Thank you for your booking' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Booking confirmation' })).toBeTruthy();
    expect(screen.getByText('MER-480153')).toBeTruthy();
    expect(detail('Total cost')).toBe('£4,340');
    expect(detail('Paid today')).toBe('£651');
    expect(detail('Balance due')).toBe('£3,689, payable before you travel');
    expect(screen.getByText(/by e-mail at margaret\.hale@example\.com within 1-3 working days/)).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Booking progress' }).querySelector('[aria-current="step"]')?.textContent).toContain('Confirmation');
    expect(screen.queryByRole('link', { name: /account/ })).toBeNull();
    // Sign in goes straight to the provider, and comes back to the account area.
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(manager.signinRedirect).toHaveBeenCalledTimes(1));
    expect(useAccountSession.getState()).toMatchObject({ authenticating: true, locationWhenAuthenticating: '/account' });
  });

  it('says an optional booking is subject to availability checks, and still promises the e-mail', async () => {
    seedConfirmed({ bookingStatus: 'Optional' });
    renderRoute('/booking-confirmation');
    expect(await screen.findByText('Your optional booking has been received')).toBeTruthy();
    expect(screen.getByText(/is an optional booking, subject to availability checks\. Our team will be in touch to confirm it\./)).toBeTruthy();
    expect(screen.queryByText(/is confirmed\./)).toBeNull();
    expect(screen.getByText(/within 1-3 working days/)).toBeTruthy();
  });

  it('links a signed-in customer to the account', async () => {
    seedConfirmed();
    signInForTest();
    renderRoute('/booking-confirmation');
    expect((await screen.findByRole('link', { name: 'View your booking in your account' })).getAttribute('href')).toBe('/account');
    expect(screen.queryByRole('button', { name: 'Sign in' })).toBeNull();
  });

  it('ends the booking when its 90 s are up, and the page stays as it was', async () => {
    seedConfirmed({ expiresIn: 150 });
    renderRoute('/booking-confirmation');
    expect(await screen.findByText('MER-480153')).toBeTruthy();
    await waitFor(() => expect(useBookingStore.getState().activeBooking).toBeNull());
    expect(usePaymentStore.getState().postPaymentDetails).toBeNull();
    expect(screen.getByText('MER-480153')).toBeTruthy();
  });
});

describe('/book after payment', () => {
  it('goes on to the confirmation page at step 5', async () => {
    mockBookingApi();
    seedConfirmed();
    const { router } = renderRoute(BOOK);
    await waitFor(() => expect(router.state.location.pathname).toBe('/booking-confirmation'));
    expect(await screen.findByText('MER-480153')).toBeTruthy();
  });

  it('shows the unconfirmed screen, with the booking id and the phone, and keeps it once the session lapses', async () => {
    mockBookingApi();
    seedReview();
    useBookingStore.getState().bookingUnconfirmed();
    useBookingStore.setState({ activeBooking: { ...useBookingStore.getState().activeBooking!, expiresAt: Date.now() + 150 } });
    renderRoute(BOOK);
    expect(await screen.findByText(SCREEN_TEXT.unconfirmed)).toBeTruthy();
    expect(screen.getByText('100042')).toBeTruthy();
    expect(screen.getByRole('link', { name: OPERATOR.regions.DEFAULT.phone })).toBeTruthy();
    expect(screen.queryByRole('checkbox')).toBeNull();
    await waitFor(() => expect(useBookingStore.getState().activeBooking).toBeNull());
    expect(screen.getByText(SCREEN_TEXT.unconfirmed)).toBeTruthy();
    expect(screen.queryByText(/timed out/)).toBeNull();
  });

  it('resumes the confirmation of a payment when the tab is reopened after the session lapsed, and goes on to step 5', async () => {
    const api = mockBookingApi({ confirm: () => jsonResponse({ data: { status: 'confirmed', reference: 'MER-480153', booking_status: 'Confirmed' } }) });
    seedReview();
    usePaymentStore.getState().paymentSucceeded('pay_1', 65_100 as MinorUnits);
    useBookingStore.setState({ activeBooking: { ...useBookingStore.getState().activeBooking!, expiresAt: Date.now() - 60_000 } });
    const { router } = renderRoute(BOOK);
    await waitFor(() => expect(router.state.location.pathname).toBe('/booking-confirmation'));
    expect(await screen.findByText('MER-480153')).toBeTruthy();
    expect(api.requests.filter((request) => request.path === '/api/bookings/confirm').map((request) => request.body)).toEqual([
      { payment_id: 'pay_1', currency: 'GBP' },
    ]);
    forgetRunningConfirmations();
  });

  it('takes a visitor who opens another booking back to the paid one while its confirmation is awaited', async () => {
    mockBookingApi({ confirm: () => new Promise<Response>(() => undefined) });
    seedReview();
    usePaymentStore.getState().paymentSucceeded('pay_1', 65_100 as MinorUnits);
    const { router } = renderRoute('/book?tour=TSG-SIC&departure=2027-05-01');
    await waitFor(() => expect(router.state.location.search).toBe('?tour=MHW-VIE&departure=2027-03-04&currency=GBP'));
    expect(await screen.findByRole('alertdialog', { name: 'Confirming your booking…' })).toBeTruthy();
    expect(usePaymentStore.getState().checkoutId).toBe('pay_1');
    forgetRunningConfirmations();
  });
});
