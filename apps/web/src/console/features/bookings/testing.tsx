import type { StaffBookingRow } from '@tours/domain/contracts/staff/bookings';
import { permissionsOf, type StaffRole } from '@tours/domain/staff/permissions';
import { useStaffSession } from '../../lib/staff-session.ts';

/** Test helpers of the bookings section: a signed-in member and rows as the API answers them. */

/** A member signed in to the console with `roles` (the store, as a sign-in leaves it). */
export function signInAs(roles: StaffRole[]): void {
  useStaffSession.setState({
    ended: false,
    session: {
      token: 'staff-session-token',
      me: {
        member: { id: 7, email: 'member@meridian-tours.example', name: 'Test Member', roles },
        permissions: permissionsOf(roles),
        session: { mfa_method: 'passkey', expires_at: '2030-01-01T12:00:00.000Z', idle_expires_at: '2030-01-01T00:30:00.000Z' },
      },
    },
  });
}

const gbp = (value: number) => ({ value, currency: 'GBP' }) as StaffBookingRow['total'];

export function bookingRow(overrides: Partial<StaffBookingRow> = {}): StaffBookingRow {
  return {
    id: 100_001,
    reference: 'MER-480153',
    booking_reference: 'MER-480153',
    status: 'Confirmed',
    created_at: '2026-10-23T10:50:00.000Z',
    lead: { name: 'Mrs Margaret Ashworth', email: 'demo@example.com' },
    tour: { code: 'MHW-VIE', name: 'Vienna: Mozart and the Habsburgs' },
    departure: { id: 12, start_date: '2027-02-25', end_date: '2027-03-02' },
    passengers: 2,
    total: gbp(458_000),
    paid: gbp(118_700),
    balance: gbp(339_300),
    agent: null,
    attention: null,
    quote_reason: null,
    flags: [],
    ...overrides,
  };
}

/** GET /api/staff/bookings's answer for `items`, as one page. */
export const searchAnswer = (items: StaffBookingRow[], page = { page: 1, page_size: 25, total: items.length }) => ({
  data: { items, total: page.total, page: page.page, page_size: page.page_size, sort: 'created', direction: 'desc' },
});
