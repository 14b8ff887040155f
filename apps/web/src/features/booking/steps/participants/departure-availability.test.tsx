import type { TourDeparture } from '@tours/domain/contracts/catalogue';
import { OPERATOR } from '@tours/domain/operator';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../../lib/query-client.ts';
import { viennaDetail } from '../../../../test/fixtures.ts';
import { jsonResponse, mockRoutes } from '../../../../test/fetch-mock.ts';
import { DepartureAvailability } from './departure-availability.tsx';

const march = viennaDetail.departures[0]!;

function renderPanel(departure: TourDeparture | null, path = '/book?tour=vie24&departure=2027-03-04') {
  const fetchMock = mockRoutes(departure ? { '/api/tours/VIE24/departures/2027-03-04': () => jsonResponse({ data: departure }) } : {});
  const router = createMemoryRouter([{ path: '/book', element: <DepartureAvailability /> }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return fetchMock;
}

const panel = () => screen.getByRole('region', { name: 'Availability' });
const fact = (term: string) => within(panel()).getByText(term).nextElementSibling as HTMLElement;

describe('Step 1 availability panel', () => {
  it('shows places left, each room type with what is left, and that the departure books online', async () => {
    const fetchMock = renderPanel(march);
    expect(screen.getByRole('status').textContent).toBe('Checking places and rooms…');
    expect(await within(panel()).findByText('6 places left')).toBeTruthy();
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/tours/VIE24/departures/2027-03-04');
    expect(within(fact('Rooms')).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Single: 2 rooms left',
      'Double: sold out',
    ]);
    expect(fact('Booking online').textContent).toBe('Optional booking (under 5 weeks away)');
    expect(screen.queryByText('This tour is on request')).toBeNull();
  });

  it('says a departure with every room gone is on request before the form, with the enquiry', async () => {
    renderPanel({ ...march, booking_mode: 'confirmable', room_types: march.room_types.map((room) => ({ ...room, rooms_left: 0 })) });
    expect(await screen.findByRole('heading', { name: 'This tour is on request' })).toBeTruthy();
    expect(fact('Places').textContent).toBe('No rooms left');
    expect(fact('Booking online').textContent).toBe('Not available online');
    const enquiry = screen.getByRole('link', { name: 'Enquire about VIE24' });
    expect(decodeURIComponent(enquiry.getAttribute('href')!)).toContain(`${OPERATOR.enquiryUrl}?subject=Enquiry: VIE24 (VIE24)`);
  });

  it('says a departure closed to online booking is on request', async () => {
    renderPanel({ ...march, available_to_book: false, places_left: 0, room_types: [] });
    expect(await screen.findByRole('heading', { name: 'This tour is on request' })).toBeTruthy();
    expect(fact('Places').textContent).toBe('On request');
    expect(within(panel()).queryByText('Rooms')).toBeNull();
  });

  it('stays out of the way when the departure cannot be read', async () => {
    const fetchMock = renderPanel(null);
    expect(screen.getByRole('region', { name: 'Availability' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Availability' })).toBeNull());
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
