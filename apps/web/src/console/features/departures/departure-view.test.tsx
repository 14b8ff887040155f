import type { StaffDepartureDetail } from '@tours/domain/contracts/staff/departures';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DepartureView } from './departure-view.tsx';

const gbp = (value: number) => ({ value: value as never, currency: 'GBP' as const });

const DETAIL: StaffDepartureDetail = {
  departure: { id: 7, tour: { id: 1, code: 'MHW-VIE', name: 'Vienna: Mozart and the Habsburgs' }, start_date: '2027-02-25', end_date: '2027-03-02', places: { capacity: 24, sold: 2, held: 1, left: 21 } },
  rooms: [{ hotel: 'Hotel Königshof', nights: 3, room_types: [{ option_id: 11, room_type: 'Double', name: 'Double room', inventory: 10, sold: 2, held: 0, left: 8 }] }],
  flights: [{ option_id: 21, name: 'BA 702 London Heathrow (LHR) to Vienna (VIE)', flight_number: 'BA 702', airline: 'British Airways', route: 'LHR–VIE', departs_at: '2027-02-25T08:40:00.000Z', inventory: 20, sold: 2, held: 0, left: 18 }],
  revenue: [{ currency: 'GBP', bookings: 1, total: gbp(589_000), taken: gbp(117_800), outstanding: gbp(471_250) }],
  missing_details: [{ booking_id: 100001, booking_reference: 'MER-480153', passenger_id: 2, name: 'Mr Thomas Ashworth', missing: ['Passport', 'Insurance'] }],
  agencies: [],
  bookings: 1,
  passengers: 2,
};

describe("a departure's page", () => {
  it('shows places, rooms, seats, revenue to the penny and the passengers whose details are missing', () => {
    render(<DepartureView detail={DETAIL} mayReadPassports onDownload={() => undefined} />);
    const places = screen.getByRole('region', { name: 'Places' });
    expect(within(places).getByText('Sold').nextSibling?.textContent).toBe('2');
    expect(within(places).getByText('Left').nextSibling?.textContent).toBe('21');
    const revenue = within(screen.getByRole('region', { name: 'Revenue' })).getByRole('row', { name: /GBP/ });
    expect(revenue.textContent).toContain('£5,890.00');
    expect(revenue.textContent).toContain('£1,178.00');
    expect(revenue.textContent).toContain('£4,712.50');
    expect(screen.getByRole('table', { name: 'Hotel Königshof (3 nights)' })).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Seats by flight' })).getByRole('row', { name: /BA 702/ }).textContent).toContain('18');
    expect(screen.getByText('Mr Thomas Ashworth (MER-480153): Passport, Insurance')).toBeTruthy();
  });

  it('offers every document as CSV and PDF, the flight manifest only to a member who may read passports', async () => {
    const user = userEvent.setup();
    const onDownload = vi.fn();
    const { rerender } = render(<DepartureView detail={DETAIL} mayReadPassports onDownload={onDownload} />);
    await user.click(screen.getByRole('button', { name: 'Download the flight manifest as PDF' }));
    await user.click(screen.getByRole('button', { name: 'Download the passenger manifest as CSV' }));
    expect(onDownload.mock.calls).toEqual([
      ['flight-manifest', 'pdf'],
      ['passenger-manifest', 'csv'],
    ]);
    expect(screen.getByRole('button', { name: 'Download the rooming list as PDF' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download the agency statement as CSV' })).toBeTruthy();

    rerender(<DepartureView detail={DETAIL} mayReadPassports={false} onDownload={onDownload} />);
    expect(screen.queryByRole('button', { name: /flight manifest/ })).toBeNull();
    expect(screen.getByText(/only roles that may read passports can download it/)).toBeTruthy();
  });
});
