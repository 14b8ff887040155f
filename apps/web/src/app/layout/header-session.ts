import { useLocation } from 'react-router';
import { useBookingInProgress } from '../../features/booking/booking-status.ts';

/**
 * What the header needs to know about the visitor (spec section 2, Header).
 * The sign-in, agent and booking issues feed `useHeaderSession` from the
 * account session and booking stores; the rules below already follow the spec.
 */
export interface HeaderSession {
  signedIn: boolean;
  /** The verified travel agent's name, which replaces 'Travel agents'. */
  agentName: string | null;
  /** An agent staff member is set: 'Sign in' is hidden. */
  agentStaffSet: boolean;
  /** A booking is in progress. */
  bookingActive: boolean;
}

export const SIGNED_OUT: HeaderSession = { signedIn: false, agentName: null, agentStaffSet: false, bookingActive: false };

export interface HeaderLinks {
  /** 'My account' and 'Log out'. */
  account: boolean;
  signIn: boolean;
  /** Label of the travel-agent button, or null when it is not shown. */
  agentLabel: string | null;
}

export const TRAVEL_AGENTS_LABEL = 'Travel agents';

export function headerLinks(session: HeaderSession, pathname: string): HeaderLinks {
  // Leaving a booking half-way through by signing in or out would lose it, so those links step aside.
  const bookingInProgress = session.bookingActive && pathname !== '/';
  return {
    account: session.signedIn && !bookingInProgress,
    signIn: !session.signedIn && !session.agentStaffSet && !bookingInProgress,
    agentLabel: session.signedIn ? null : (session.agentName ?? TRAVEL_AGENTS_LABEL),
  };
}

/** Sign-in and agents join here from their stores in later issues; the booking in progress already counts. */
export function useHeaderSession(): HeaderSession {
  const bookingActive = useBookingInProgress();
  return { ...SIGNED_OUT, bookingActive };
}

export function useHeaderLinks(): HeaderLinks {
  const { pathname } = useLocation();
  return headerLinks(useHeaderSession(), pathname);
}
