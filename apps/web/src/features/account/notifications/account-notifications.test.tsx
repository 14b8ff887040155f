import type { AccountBooking } from '@tours/domain/contracts/account';
import { formatShortDate } from '@tours/domain/dates';
import { SCREEN_TEXT } from '@tours/domain/messages';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { clearPersistedStores, readItem, STORAGE_KEYS } from '../../../lib/storage.ts';
import { accountBooking, balanceBooking, cancelledBooking, inDays, paidBooking, pastBooking } from '../testing/account-fixtures.ts';
import { AccountNotifications } from './account-notifications.tsx';

function renderNotifications(bookings: AccountBooking[] | undefined) {
  const router = createMemoryRouter(
    [
      { path: '/account', element: <AccountNotifications bookings={bookings} /> },
      { path: '/account/booking/:id', element: <p>Booked item</p> },
    ],
    { initialEntries: ['/account'] },
  );
  return { ...render(<RouterProvider router={router} />), router };
}

const dialog = () => screen.getByRole('dialog', { name: 'Notifications' });
const button = () => screen.getByRole('button', { name: /^Notifications/ });

// Departs in 60 days with details missing: needs them. The others: complete, past, cancelled, or too far off.
const soon = accountBooking({ id: 201, booking_reference: 'MER-500001', principal_component_name: 'Sicily: Temples and Baroque', start_date: inDays(60), end_date: inDays(67) });
const farOff = accountBooking({ id: 202, booking_reference: 'MER-500002', start_date: inDays(120), end_date: inDays(125) });
const complete = { ...paidBooking, details_complete: true };
const others = [farOff, complete, pastBooking, cancelledBooking];

describe('Notifications', () => {
  it('opens by itself when a booking departing within 90 days needs details, listing what the spec asks', async () => {
    renderNotifications([balanceBooking, soon, ...others]);
    const items = within(dialog()).getAllByRole('listitem');
    // Soonest first; the booking departing in exactly 90 days counts.
    expect(items.map((item) => within(item).getByRole('heading', { level: 3 }).textContent)).toEqual([
      soon.principal_component_name,
      balanceBooking.principal_component_name,
    ]);
    const item = items[0]!;
    expect(within(item).getByText(`From ${formatShortDate(soon.start_date)} - ${formatShortDate(soon.end_date)}`)).toBeTruthy();
    expect(within(item).getByText('MER-500001')).toBeTruthy();
    expect(within(item).getByText(SCREEN_TEXT.detailsRequiredSoon)).toBeTruthy();
    expect(SCREEN_TEXT.detailsRequiredSoon).toBe('Details required soon. Please complete your personal information at least 3 months / 90 days before departure.');
    expect(within(item).getByRole('link', { name: 'View Booking' }).getAttribute('href')).toBe('/account/booking/201');
    expect(button().textContent).toBe('Notifications2');
  });

  it('opens by itself only once per session, and again after a logout', async () => {
    const user = userEvent.setup();
    const first = renderNotifications([soon]);
    await user.click(within(dialog()).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(readItem(STORAGE_KEYS.notificationsShown)).not.toBeNull();
    first.unmount();

    const again = renderNotifications([soon]);
    expect(screen.queryByRole('dialog')).toBeNull();
    // The button opens it at any time.
    await user.click(button());
    expect(within(dialog()).getByText('MER-500001')).toBeTruthy();
    again.unmount();

    clearPersistedStores();
    renderNotifications([soon]);
    expect(dialog()).toBeTruthy();
  });

  it('follows View Booking to the booking and closes', async () => {
    const user = userEvent.setup();
    const { router } = renderNotifications([soon]);
    await user.click(within(dialog()).getByRole('link', { name: 'View Booking' }));
    expect(router.state.location.pathname).toBe('/account/booking/201');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('stays closed with nothing to say, and its button shows the no-results item', async () => {
    const user = userEvent.setup();
    renderNotifications(others);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(button().textContent).toBe('Notifications');
    expect(readItem(STORAGE_KEYS.notificationsShown)).toBeNull();
    await user.click(button());
    expect(within(dialog()).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['You have no notifications.']);
  });

  it('waits for the bookings before it can open', () => {
    renderNotifications(undefined);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(button()).toHaveProperty('disabled', true);
  });
});
