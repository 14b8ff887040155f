import { useLocation } from 'react-router';
import { useBookingInProgress } from '../../features/booking/booking-status.ts';
import { isSignedIn, useAccountSession } from '../../lib/auth/account-session.ts';

/**
 * What the header needs to know about the visitor (spec section 2, Header).
 * `useHeaderSession` reads the account session and booking stores.
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
  /** 'My account'. */
  account: boolean;
  /**
   * 'Log out'. Not an account or sign-in link, so it stays during a booking:
   * on /book it first asks whether to lose the booking (spec section 2, Header).
   */
  logout: boolean;
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
    logout: session.signedIn,
    signIn: !session.signedIn && !session.agentStaffSet && !bookingInProgress,
    // A customer signed in during an agent session still needs the agent's button, to end that session.
    agentLabel: session.agentName ?? (session.signedIn ? null : TRAVEL_AGENTS_LABEL),
  };
}

/** The account session (sign-in and the travel agent) and the booking in progress. */
export function useHeaderSession(): HeaderSession {
  const bookingActive = useBookingInProgress();
  const signedIn = useAccountSession((state) => isSignedIn(state));
  const agentName = useAccountSession((state) => state.agent?.Name ?? null);
  const agentStaffSet = useAccountSession((state) => state.agentStaff !== null);
  return { signedIn, agentName, agentStaffSet, bookingActive };
}

export function useHeaderLinks(): HeaderLinks {
  const { pathname } = useLocation();
  return headerLinks(useHeaderSession(), pathname);
}
