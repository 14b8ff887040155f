import { SCREEN_TEXT, VALIDATION } from '@tours/domain/messages';
import { OPERATOR } from '@tours/domain/operator';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useAlertStore } from '../../../lib/alerts.ts';
import { jsonResponse } from '../../../test/fetch-mock.ts';
import { renderRoute } from '../../../test/render.tsx';
import { useBookingStore } from '../store/booking-store.ts';
import { usePaymentStore } from '../store/payment-store.ts';
import { DETAILS, EXTRAS, mockBookingApi, PASSENGERS, resetBookingStores, ROOMS, seedActiveBooking, TOUR } from '../testing/booking-fixtures.ts';

const BOOK = '/book?tour=MHW-VIE&departure=2027-03-04';
const [LEAD, SECOND] = PASSENGERS.map((passenger) => `${passenger.title} ${passenger.given_name} ${passenger.family_name}`) as [string, string];
const next = (name = 'Next') => screen.getByRole('button', { name });
const stepHeading = (name: string) => screen.findByRole('heading', { level: 2, name });

beforeEach(() => {
  resetBookingStores();
  window.dataLayer = [];
});

describe('step 2a flights', () => {
  it('offers each passenger the flights with seats or own arrangements, with the mandatory flight included', async () => {
    mockBookingApi();
    seedActiveBooking('2a');
    renderRoute(BOOK);
    expect(await stepHeading('Travel arrangements')).toBeTruthy();
    const included = await screen.findByRole('region', { name: 'Flights included for every passenger' });
    expect(within(included).getByText('BA 702')).toBeTruthy();
    expect(within(included).getByText('Included in price')).toBeTruthy();
    expect(screen.queryByText('EW 7462')).toBeNull();

    const lead = screen.getByRole('group', { name: `Flights for ${LEAD}` });
    const os457 = within(lead).getByRole('radio', { name: /OS 457/ });
    expect(os457.closest('label')?.textContent).toContain('Departs 15:10 - 9 Mar 2027');
    expect(os457.closest('label')?.textContent).toContain('+£145pp');
    expect(screen.getByText(VALIDATION.flightsIncomplete)).toBeTruthy();
    expect((next() as HTMLButtonElement).disabled).toBe(true);

    await userEvent.click(os457);
    expect((next() as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(within(screen.getByRole('group', { name: `Flights for ${SECOND}` })).getByRole('radio', { name: /Own arrangements/ }));
    expect(screen.queryByText(VALIDATION.flightsIncomplete)).toBeNull();
    expect(useBookingStore.getState().allocations.flights).toEqual([
      { component_id: 15, passenger_ids: [501, 502] },
      { component_id: 16, passenger_ids: [501] },
    ]);
    // Every step after the first has Back (issue 9); 2a's leads to step 1.
    expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy();
    await userEvent.click(next());
    expect(await stepHeading('Extras and options')).toBeTruthy();
    // The step's body (which sends its event on arrival) loads on demand after its heading shows.
    await waitFor(() => expect(window.dataLayer?.map((entry) => entry.event)).toEqual(['travel_arrangements', 'extras']));
  });

  it('is passed when the tour has no flights', async () => {
    mockBookingApi({ flights: [] });
    seedActiveBooking('2a');
    renderRoute(BOOK);
    expect(await stepHeading('Extras and options')).toBeTruthy();
    expect(useBookingStore.getState().step).toBe('2b');
  });
});

describe('step 2b extras', () => {
  it("lists each extra as 'Option n' with a tickbox per participant, without additional nights", async () => {
    mockBookingApi();
    seedActiveBooking('2b');
    renderRoute(BOOK);
    const riding = await screen.findByRole('group', { name: 'Option 1: Private visit to the Spanish Riding School' });
    expect(within(riding).getByText('+£85pp')).toBeTruthy();
    const drinks = screen.getByRole('group', { name: 'Option 2: Welcome drinks' });
    expect(within(drinks).getByText('Included in price')).toBeTruthy();
    expect(screen.queryByRole('group', { name: /Additional night/ })).toBeNull();

    // The included drinks are everyone's from the start (see steps/flights-and-extras.test.tsx).
    const included = { component_id: 26, passenger_ids: [501, 502] };
    await userEvent.click(within(riding).getByRole('checkbox', { name: SECOND }));
    expect(useBookingStore.getState().allocations.extras).toEqual([included, { component_id: 25, passenger_ids: [502] }]);
    await userEvent.click(within(riding).getByRole('checkbox', { name: SECOND }));
    expect(useBookingStore.getState().allocations.extras).toEqual([included]);
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await stepHeading('Travel arrangements')).toBeTruthy();
  });

  it('with no extras, passes on in the direction of travel', async () => {
    mockBookingApi({ extras: EXTRAS.filter((extra) => extra.name === 'Additional night') });
    seedActiveBooking('2b');
    renderRoute(BOOK);
    expect(await stepHeading('Accommodation')).toBeTruthy();

    resetBookingStores();
    seedActiveBooking('2b');
    useBookingStore.setState({ direction: 'back' });
    renderRoute(BOOK);
    expect((await screen.findAllByRole('heading', { level: 2, name: 'Travel arrangements' })).length).toBeGreaterThan(0);
  });
});

describe('step 3a rooms', () => {
  it('lists every hotel with its nights and enables Next once a room type is chosen for all', async () => {
    mockBookingApi();
    seedActiveBooking('3a');
    renderRoute(BOOK);
    expect(await stepHeading('Accommodation')).toBeTruthy();
    const hotels = within(await screen.findByRole('region', { name: 'Your hotels' })).getAllByRole('listitem');
    expect(hotels.map((hotel) => hotel.textContent)).toEqual(['Hotel Königshof3 nights', 'Gästehaus Mönchsberg2 nights']);
    // A couple is offered the double, which both hotels have; not the singles.
    const rooms = screen.getAllByRole('radio');
    expect(rooms).toHaveLength(1);
    expect(rooms[0]!.closest('label')?.textContent).toContain('+£45pp');
    expect((next('Continue to payment') as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(rooms[0]!);
    expect(useBookingStore.getState().allocations.accommodation).toEqual([
      { component_id: 20, passenger_ids: [501, 502] },
      { component_id: 23, passenger_ids: [501, 502] },
    ]);
    // Additional nights exist for two, so Next leads to 3b.
    await userEvent.click(next());
    expect(await stepHeading('Additional nights')).toBeTruthy();
  });

  it('goes straight to review when no additional nights fit the party', async () => {
    const { requests } = mockBookingApi({ extras: EXTRAS.filter((extra) => extra.id !== 28) });
    seedActiveBooking('3a');
    renderRoute(BOOK);
    await userEvent.click((await screen.findAllByRole('radio'))[0]!);
    await userEvent.click(next('Continue to payment'));
    expect(await stepHeading('Booking review & payment')).toBeTruthy();
    expect(requests.some((request) => request.path === '/api/bookings/selections')).toBe(true);
  });

  it('shows the quote screen with the booking id when no room can be offered', async () => {
    mockBookingApi({ accommodationCode: 'SERVICE_FAILURE', rooms: ROOMS.filter((room) => room.occupancy.from === 1) });
    seedActiveBooking('2a');
    renderRoute(BOOK);
    expect(await screen.findByText(SCREEN_TEXT.quoteCreated(OPERATOR.regions.DEFAULT.phone, 100_042))).toBeTruthy();
    expect(screen.getByText(SCREEN_TEXT.sessionTimedOut)).toBeTruthy();
    expect(window.dataLayer?.map((entry) => entry.event)).toEqual(['no_availability']);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await stepHeading('Participant')).toBeTruthy();
    expect(useBookingStore.getState()).toMatchObject({ activeBooking: null, availability: true });
  });
});

describe('no availability', () => {
  it('follows NO_RESULTS from the booking tour call, without a toast', async () => {
    mockBookingApi({ bookingTour: () => jsonResponse({ error: { code: 'NO_RESULTS', message: 'Closed' } }, 404) });
    seedActiveBooking('2a');
    useBookingStore.setState((state) => ({ summary: { ...state.summary, mainProduct: null } }));
    renderRoute(BOOK);
    expect(await screen.findByText(SCREEN_TEXT.quoteCreated(OPERATOR.regions.DEFAULT.phone, 100_042))).toBeTruthy();
    expect(useAlertStore.getState().alerts).toEqual([]);
  });
});

describe('step 3b additional nights', () => {
  it('lets each passenger take a night or opt out, then submits and reviews', async () => {
    const { requests } = mockBookingApi();
    seedActiveBooking('3b');
    useBookingStore.setState((state) => ({ summary: { ...state.summary, roomChoice: 'Double' } }));
    renderRoute(BOOK);
    const lead = await screen.findByRole('group', { name: `Additional nights for ${LEAD}` });
    expect((within(lead).getByRole('radio', { name: 'No additional night' }) as HTMLInputElement).checked).toBe(true);
    // Only the night for two, the party's size.
    expect(within(lead).getAllByRole('radio')).toHaveLength(2);
    await userEvent.click(within(lead).getByRole('radio', { name: /Additional night/ }));
    expect(useBookingStore.getState().allocations.extras).toEqual([{ component_id: 28, passenger_ids: [501] }]);
    await userEvent.click(next('Continue to payment'));
    expect(await stepHeading('Booking review & payment')).toBeTruthy();
    const sent = requests.find((request) => request.path === '/api/bookings/selections')?.body as { allocations: { extras: unknown } };
    expect(sent.allocations.extras).toEqual([{ component_id: 28, passenger_ids: [501] }]);
  });
});

describe('step 4a review', () => {
  it("shows the server's totals with the deposit, and the booking reference", async () => {
    mockBookingApi();
    seedActiveBooking('4a');
    usePaymentStore.getState().setPrePaymentDetails(DETAILS);
    renderRoute(BOOK);
    expect(await stepHeading('Booking review & payment')).toBeTruthy();
    const summary = screen.getByRole('complementary', { name: 'Booking summary' });
    const line = (label: string) => within(summary).getByText(label, { exact: true }).nextElementSibling?.textContent;
    expect(line('Total')).toBe('£4,340');
    expect(line('Deposit')).toBe('£651');
    expect(line('Flights')).toBe('£290');
    expect(line('Tour code')).toBe('MHW-VIE');
    expect(line('Date')).toBe('04 Mar 2027');
    expect(within(summary).getByText('With Dr Helena Marsh, Professor Julian Ashby')).toBeTruthy();
    expect(within(summary).getByText('100042')).toBeTruthy();
    expect(within(summary).getByText(OPERATOR.relationshipTeamPhone)).toBeTruthy();
    expect(within(screen.getByRole('table')).getByText('£651')).toBeTruthy();
  });

  it('without pre-payment details, the booking cannot go on online', async () => {
    mockBookingApi();
    seedActiveBooking('4a');
    renderRoute(BOOK);
    expect(await screen.findByText(SCREEN_TEXT.quoteCreated(OPERATOR.regions.DEFAULT.phone, 100_042))).toBeTruthy();
  });
});

describe('the booking view', () => {
  it('shows the on-request screen, with the enquiry, for a departure closed to online booking', async () => {
    mockBookingApi({ tour: { ...TOUR, available_to_book: false } });
    renderRoute(BOOK);
    expect(await screen.findByRole('heading', { name: SCREEN_TEXT.onRequest })).toBeTruthy();
    const href = decodeURIComponent(screen.getByRole('link', { name: `Enquire about ${TOUR.name}` }).getAttribute('href') ?? '');
    expect(href).toMatch(/^mailto:/);
    expect(href).toContain(`${TOUR.name} (MHW-VIE)`);
  });

  it('shows the warning when the tour lookup fails', async () => {
    const { fetchMock } = mockBookingApi();
    fetchMock.mockImplementation(() => Promise.resolve(jsonResponse({ error: { code: 'NOT_FOUND', message: 'No departure' } }, 404)));
    renderRoute(BOOK);
    expect((await screen.findByRole('alert')).textContent).toContain(SCREEN_TEXT.unableToInitiate(OPERATOR.regions.DEFAULT.phone));
  });

  it('labels the steps, marks the current one, and omits steps 2 and 3 for day trips', async () => {
    mockBookingApi();
    seedActiveBooking('3a');
    const { unmount } = renderRoute(BOOK);
    const progress = await screen.findByRole('navigation', { name: 'Booking progress' });
    const items = within(progress).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('.step-progress__label')?.textContent)).toEqual([
      'Participants',
      'Travel arrangements & extras',
      'Accommodation',
      'Booking review & payment',
      'Confirmation',
    ]);
    expect(items[2]!.getAttribute('aria-current')).toBe('step');
    unmount();

    resetBookingStores();
    mockBookingApi({ tour: { ...TOUR, brand_channel: 15 } });
    renderRoute(BOOK);
    const talk = await screen.findByRole('navigation', { name: 'Booking progress' });
    expect(within(talk).getAllByRole('listitem').map((item) => item.querySelector('.step-progress__label')?.textContent)).toEqual([
      'Participant',
      'Booking review & payment',
      'Confirmation',
    ]);
  });

  it('moves focus to the heading of each new step', async () => {
    mockBookingApi();
    seedActiveBooking('2b');
    renderRoute(BOOK);
    await userEvent.click(await screen.findByRole('button', { name: 'Next' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'Accommodation' })));
  });
});
