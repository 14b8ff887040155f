import { useCallback, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAccountSession } from '../../../lib/auth/account-session.ts';
import { parseTabParam, TAB_INDEX } from './booked-item-tabs.ts';

/** The open tab kept in the page's history entry (a reload and Back keep it; a new visit has none). */
function keptTab(state: unknown): number | null {
  const tab = (state as { bookingTab?: unknown } | null)?.bookingTab;
  return typeof tab === 'number' ? parseTabParam(String(tab)) : null;
}

/**
 * The open tab of the Booked Item page (spec section 2). `?tab=` chooses it
 * and is then cleared from the address (replacing the history entry, so Back
 * does not bring it back). Without it the page opens on the Booking summary,
 * the specification's default, whatever tab was open earlier in the session
 * (issue 24); only this page's own history entry remembers the tab, so a
 * reload, or Back to it, stays on the tab that was open. The account
 * session's bookingTab follows the open tab.
 */
export function useBookedItemTab(bookingId: number | null): [active: number, choose: (tab: number) => void] {
  const location = useLocation();
  const navigate = useNavigate();
  const params = new URLSearchParams(location.search);
  const hasParam = params.has('tab');
  const active = parseTabParam(params.get('tab')) ?? keptTab(location.state) ?? TAB_INDEX.summary;

  const choose = useCallback(
    (tab: number) => {
      const rest = new URLSearchParams(location.search);
      rest.delete('tab');
      const search = rest.toString();
      const state = typeof location.state === 'object' && location.state !== null ? location.state : {};
      void navigate(
        { pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash },
        { replace: true, preventScrollReset: true, state: { ...state, bookingTab: tab } },
      );
    },
    [location.hash, location.pathname, location.search, location.state, navigate],
  );

  useEffect(() => {
    if (bookingId === null) return;
    const session = useAccountSession.getState();
    session.viewBooking(bookingId);
    session.setBookingTab(active);
  }, [bookingId, active]);

  // ?tab= has done its work once read: cleared, with the tab kept in the history entry instead.
  useEffect(() => {
    if (bookingId !== null && hasParam) choose(active);
  }, [bookingId, hasParam, active, choose]);

  return [active, choose];
}
