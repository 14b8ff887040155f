import { useCallback, useEffect, useLayoutEffect, useState } from 'react';
import { saveBookingUrl } from '../../../lib/saved-booking-url.ts';
import { bookingPath, bookingQueryKey, sameBookingQuery, type BookingQuery } from '../booking-query.ts';
import { bookingSessionStatus, useBookingStore, type BookingFlowData } from '../store/booking-store.ts';
import { resetPayment } from '../store/payment-store.ts';

export interface BookingSession {
  /** False until the stored booking has been checked against the URL; nothing stale is shown before. */
  ready: boolean;
  /** The booking was restarted because its session ran out. */
  timedOut: boolean;
  /** Starts again from the query: the Retry button of the availability-error screen. */
  restart: () => void;
  /**
   * A paid booking that could not be confirmed whose session has ended: the
   * booking is no longer active, but the visitor still reads the unconfirmed
   * screen rather than a fresh booking form inviting a second payment.
   */
  endedUnconfirmed: { bookingId: number } | null;
}

function restartFrom(query: BookingQuery): void {
  useBookingStore.getState().restart(query);
  resetPayment();
}

/**
 * Keeps the stored booking tied to the URL (spec section 2, Booking view):
 * an 'Inactive Session' (no booking, or its token has lapsed) or another
 * tour, date or currency in the URL restarts the booking from the query,
 * clearing the booking and payment stores. An active booking for the same
 * query resumes where the visitor was. The restart also happens the moment
 * the token lapses while the page is open.
 */
export function useBookingSession(query: BookingQuery): BookingSession {
  const key = bookingQueryKey(query);
  const [checkedKey, setCheckedKey] = useState<string | null>(null);
  const [timedOut, setTimedOut] = useState(false);
  const [endedUnconfirmed, setEndedUnconfirmed] = useState<{ bookingId: number } | null>(null);
  const expiresAt = useBookingStore((state) => state.activeBooking?.expiresAt ?? null);

  // Before paint, so a stale step of another booking never flashes up.
  useLayoutEffect(() => {
    const state = useBookingStore.getState();
    const sameQuery = sameBookingQuery(state.origin, query);
    const inactive = bookingSessionStatus(state) === 'Inactive Session';
    if (!sameQuery || inactive) {
      const lapsed = sameQuery ? sessionEnd(state) : 'none';
      setTimedOut(lapsed === 'timed-out');
      if (lapsed === 'unconfirmed' && state.activeBooking) setEndedUnconfirmed({ bookingId: state.activeBooking.id });
      restartFrom(query);
    }
    setCheckedKey(key);
    // `key` stands for the query's contents.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  useEffect(() => {
    saveBookingUrl(bookingPath(query));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  useEffect(() => {
    if (expiresAt === null) return;
    const expire = () => {
      const state = useBookingStore.getState();
      // Already started again (on arrival, before this effect ran): nothing more has lapsed.
      if (!state.activeBooking) return;
      const lapsed = sessionEnd(state);
      setTimedOut(lapsed === 'timed-out');
      if (lapsed === 'unconfirmed' && state.activeBooking) setEndedUnconfirmed({ bookingId: state.activeBooking.id });
      restartFrom(query);
    };
    const remaining = expiresAt - Date.now();
    if (remaining <= 0) {
      expire();
      return;
    }
    const handle = setTimeout(expire, remaining);
    return () => clearTimeout(handle);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [expiresAt, key]);

  const restart = useCallback(() => {
    setTimedOut(false);
    setEndedUnconfirmed(null);
    restartFrom(query);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  return { ready: checkedKey === key, timedOut, restart, endedUnconfirmed };
}

/**
 * How a lapsed session ended: a booking in progress timed out (and is started
 * again with a notice), a paid one was unconfirmed (its screen stays), or a
 * purchase is complete (nothing to say: the confirmation was shown).
 */
function sessionEnd(state: BookingFlowData): 'none' | 'timed-out' | 'unconfirmed' | 'purchased' {
  if (!state.activeBooking) return 'none';
  if (state.unconfirmed) return 'unconfirmed';
  if (state.step === '5a') return 'purchased';
  return 'timed-out';
}
