import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useAccountSession } from '../../../lib/auth/account-session.ts';
import { parseTabParam } from './booked-item-tabs.ts';

/**
 * The open tab of the Booked Item page. `?tab=` chooses it and is then
 * removed from the address (replacing the history entry, so Back does not
 * bring it back); the choice is kept in the account session's bookingTab, so
 * a reload stays on it. Another booking than the last one opens on its first tab.
 */
export function useBookedItemTab(bookingId: number | null): [active: number, choose: (tab: number) => void] {
  const [params, setParams] = useSearchParams();
  const hasParam = params.has('tab');
  const requested = parseTabParam(params.get('tab'));
  const remembered = useAccountSession((state) => (state.activeBookingId === bookingId ? state.bookingTab : 0));
  const choose = useAccountSession((state) => state.setBookingTab);

  useEffect(() => {
    if (bookingId === null) return;
    const session = useAccountSession.getState();
    session.viewBooking(bookingId);
    if (!hasParam) return;
    if (requested !== null) session.setBookingTab(requested);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('tab');
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [bookingId, hasParam, requested, setParams]);

  return [requested ?? remembered, choose];
}
