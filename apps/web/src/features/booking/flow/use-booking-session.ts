import { useCallback, useEffect, useLayoutEffect, useState } from 'react';
import { saveBookingUrl } from '../../../lib/saved-booking-url.ts';
import { bookingPath, bookingQueryKey, sameBookingQuery, type BookingQuery } from '../booking-query.ts';
import { resumeConfirmationOnDemand } from '../payment/resume-confirmation.ts';
import { holdsUnansweredPayment } from '../payment/unanswered-payment.ts';
import { bookingSessionStatus, useBookingStore, type BookingFlowData, type FinishedBooking } from '../store/booking-store.ts';
import { usePassengerStore } from '../store/passenger-store.ts';
import { awaitingConfirmation, resetPayment, usePaymentStore } from '../store/payment-store.ts';

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
  /**
   * The booking page of a paid booking still waiting for its confirmation,
   * when the URL names another booking: the visitor is taken back there, and
   * the other booking can start once the server has answered.
   */
  paidBookingPath: string | null;
  /**
   * The URL is a step of a booking this tab has already bought (the browser's
   * Back from its confirmation, once the booking has ended): it is shown as
   * bought, and nothing restarts until the visitor asks for a new booking.
   */
  finished: FinishedBooking | null;
  /** 'Book this tour again' from that screen: a new booking of the departure, with empty participants. */
  bookAgain: () => void;
}

/** False when a payment awaits the server's answer: the booking and its payment id are kept whatever the URL or the clock says. */
function restartFrom(query: BookingQuery): boolean {
  if (holdsUnansweredPayment()) return false;
  useBookingStore.getState().restart(query);
  resetPayment();
  usePassengerStore.getState().startDraftFor(bookingQueryKey(query));
  return true;
}

/**
 * Keeps the stored booking tied to the URL (spec section 2, Booking view):
 * an 'Inactive Session' (no booking, or its token has lapsed) or another
 * tour, date or currency in the URL restarts the booking from the query,
 * clearing the booking and payment stores. An active booking for the same
 * query resumes where the visitor was. The restart also happens the moment
 * the token lapses while the page is open.
 *
 * Except after payment: a booking whose card payment awaits the server's
 * answer is never restarted, and its confirmation is resumed on arrival
 * (a reload, a reopened tab), within the day the server still takes it.
 */
export function useBookingSession(query: BookingQuery, arrivedAtStep = false): BookingSession {
  const key = bookingQueryKey(query);
  const [finished, setFinished] = useState<FinishedBooking | null>(null);
  const [checkedKey, setCheckedKey] = useState<string | null>(null);
  const [timedOut, setTimedOut] = useState(false);
  const [endedUnconfirmed, setEndedUnconfirmed] = useState<{ bookingId: number } | null>(null);
  const [paidBookingPath, setPaidBookingPath] = useState<string | null>(null);
  const expiresAt = useBookingStore((state) => state.activeBooking?.expiresAt ?? null);
  const awaiting = usePaymentStore(awaitingConfirmation);

  // Before paint, so a stale step of another booking never flashes up.
  useLayoutEffect(() => {
    const state = useBookingStore.getState();
    const sameQuery = sameBookingQuery(state.origin, query);
    if (holdsUnansweredPayment()) {
      setPaidBookingPath(sameQuery || !state.origin ? null : bookingPath(state.origin));
      void resumeConfirmationOnDemand();
    } else if ((!sameQuery || bookingSessionStatus(state) === 'Inactive Session') && arrivedAtStep && sameBookingQuery(state.finished?.origin, query)) {
      // A step of the booking bought in this tab (its history entries outlive it): not a new booking in its place.
      setFinished(state.finished);
    } else if (!sameQuery || bookingSessionStatus(state) === 'Inactive Session') {
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
    // Home offers back a booking in progress, never one already bought.
    if (checkedKey === key && !finished) saveBookingUrl(bookingPath(query));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, checkedKey, finished]);

  // The session ends when the token lapses; a paid booking's only once the server's answer has come (and its 90 s begun).
  useEffect(() => {
    if (expiresAt === null || awaiting) return;
    const expire = () => {
      const state = useBookingStore.getState();
      // Already started again (on arrival, before this effect ran): nothing more has lapsed.
      if (!state.activeBooking) return;
      const lapsed = sessionEnd(state);
      if (!restartFrom(query)) return;
      setTimedOut(lapsed === 'timed-out');
      if (lapsed === 'unconfirmed') setEndedUnconfirmed({ bookingId: state.activeBooking.id });
    };
    const remaining = expiresAt - Date.now();
    if (remaining <= 0) {
      expire();
      return;
    }
    const handle = setTimeout(expire, remaining);
    return () => clearTimeout(handle);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [expiresAt, key, awaiting]);

  const restart = useCallback(() => {
    if (!restartFrom(query)) return;
    setTimedOut(false);
    setEndedUnconfirmed(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  const bookAgain = useCallback(() => {
    if (!restartFrom(query)) return;
    setFinished(null);
    setTimedOut(false);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  return { ready: checkedKey === key, timedOut, restart, endedUnconfirmed, paidBookingPath, finished: checkedKey === key ? finished : null, bookAgain };
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
