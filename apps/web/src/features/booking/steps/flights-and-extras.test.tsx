import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderRoute } from '../../../test/render.tsx';
import { useBookingStore } from '../store/booking-store.ts';
import { EXTRAS, FLIGHTS, mockBookingApi, PASSENGERS, resetBookingStores, seedActiveBooking } from '../testing/booking-fixtures.ts';

/** Issue 9: flights and extras say what they are. */
const BOOK = '/book?tour=MHW-VIE&departure=2027-03-04';
const [LEAD, SECOND] = PASSENGERS.map((passenger) => `${passenger.title} ${passenger.given_name} ${passenger.family_name}`) as [string, string];
const INCLUDED_EXTRA = EXTRAS.find((extra) => extra.pricing.override_rules.adult_price.value === 0)!;
const BOTH = PASSENGERS.map((passenger) => passenger.id);

beforeEach(() => {
  resetBookingStores();
});

describe('step 2a flights', () => {
  it("shows the group flight's name, mark, airline, number, cabin, airports and both times", async () => {
    mockBookingApi({
      flights: FLIGHTS.map((group) =>
        group.id === 15
          ? {
              ...group,
              flights: group.flights.map((flight) => ({
                ...flight,
                airline_name: 'British Airways',
                departure_airport: 'London Heathrow (LHR)',
                arrival_airport: 'Vienna (VIE)',
                departure_date_time: '2027-03-04T08:40:00',
                arrival_date_time: '2027-03-04T10:55:00',
              })),
            }
          : group,
      ),
    });
    seedActiveBooking('2a');
    renderRoute(BOOK);
    const included = await screen.findByRole('region', { name: 'Flights included for every passenger' });
    const card = within(included).getByRole('listitem');
    expect(within(card).getByText('Outbound group flight')).toBeTruthy();
    expect(within(card).getByText('Group flight')).toBeTruthy();
    expect(within(card).getByText('BA 702')).toBeTruthy();
    expect(card.textContent).toMatch(/British Airways\W+Economy/);
    expect(card.textContent).toContain('Departs 08:40 - 4 Mar 2027, London Heathrow (LHR)');
    expect(card.textContent).toContain('Arrives 10:55 - 4 Mar 2027, Vienna (VIE)');
    expect(within(card).getByText('Included in price')).toBeTruthy();
    // Times are machine-readable too, in the airport's own clock.
    expect(card.querySelector('time')?.getAttribute('dateTime')).toBe('2027-03-04T08:40');
  });

  it('names each optional flight in full in its radio, without the group mark', async () => {
    mockBookingApi();
    seedActiveBooking('2a');
    renderRoute(BOOK);
    const lead = await screen.findByRole('group', { name: `Flights for ${LEAD}` });
    const os457 = within(lead).getByRole('radio', { name: /OS 457/ });
    const name = os457.closest('label')?.textContent ?? '';
    for (const part of [
      'Return flight from Salzburg',
      'OS 457',
      'Austrian Airlines',
      'Economy',
      'Departs 15:10 - 9 Mar 2027, Salzburg (SZG)',
      'Arrives 17:20 - 9 Mar 2027, London Heathrow (LHR)',
      '+£145pp',
    ]) {
      expect(name).toContain(part);
    }
    expect(name).not.toContain('Group flight');
  });
});

describe('step 2b extras', () => {
  it("shows an included extra ticked and fixed for everyone, described as 'Included in price'", async () => {
    mockBookingApi();
    seedActiveBooking('2b');
    renderRoute(BOOK);
    const drinks = await screen.findByRole('group', { name: `Option 2: ${INCLUDED_EXTRA.name}` });
    for (const passenger of [LEAD, SECOND]) {
      const box = within(drinks).getByRole('checkbox', { name: passenger }) as HTMLInputElement;
      expect(box.checked).toBe(true);
      expect(box.disabled).toBe(true);
      expect(box.getAttribute('aria-describedby')).toBeTruthy();
      expect(document.getElementById(box.getAttribute('aria-describedby')!)?.textContent).toBe('Included in price');
    }
    await waitFor(() =>
      expect(useBookingStore.getState().allocations.extras).toEqual([{ component_id: INCLUDED_EXTRA.id, passenger_ids: BOTH }]),
    );
    // A priced extra stays the visitor's choice.
    const riding = screen.getByRole('group', { name: /^Option 1/ });
    expect((within(riding).getByRole('checkbox', { name: LEAD }) as HTMLInputElement).checked).toBe(false);
    expect((within(riding).getByRole('checkbox', { name: LEAD }) as HTMLInputElement).disabled).toBe(false);
  });

  it('sends the included extra for every passenger with the selections, so the server prices and records it', async () => {
    // Without the night for two, 3a goes straight to review.
    const { requests } = mockBookingApi({ extras: EXTRAS.filter((extra) => extra.id !== 28) });
    seedActiveBooking('2b');
    renderRoute(BOOK);
    await screen.findByRole('group', { name: `Option 2: ${INCLUDED_EXTRA.name}` });
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click((await screen.findAllByRole('radio'))[0]!);
    await userEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await waitFor(() => expect(requests.some((request) => request.path === '/api/bookings/selections')).toBe(true));
    const sent = requests.find((request) => request.path === '/api/bookings/selections')?.body as { allocations: { extras: unknown } };
    expect(sent.allocations.extras).toEqual([{ component_id: INCLUDED_EXTRA.id, passenger_ids: BOTH }]);
  });
});
