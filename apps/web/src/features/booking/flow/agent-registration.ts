import { useEffect, useState } from 'react';
import { useAccountSession } from '../../../lib/auth/account-session.ts';
import { postAgent, postAgentStaff } from '../api/agent-api.ts';
import { useBookingStore } from '../store/booking-store.ts';
import { awaitingConfirmation, usePaymentStore } from '../store/payment-store.ts';
import { agentSessionOf, useAgentSession } from './agent-booking.ts';

/*
 * The agent's registration on a booking, at step 4 only: apart from
 * agent-booking.ts so that its calls and their contracts load with the
 * review step, not with step 1 (issue 15's page weight).
 */

export type AgentRegistrationOutcome = 'registered' | 'failed' | 'skipped';

/** One registration per booking at a time: React may run the arrival effect twice, and two tabs' stores are their own. */
const running = new Map<number, Promise<AgentRegistrationOutcome>>();
/** Which page load a registration belongs to (forgetAgentRegistrations starts another). */
let pageLoad = 0;

/**
 * A fresh page load, for tests that render the app several times in one
 * module: registrations still running from an earlier render are neither
 * shared with the next (the same booking id would be) nor marked on its
 * stores when they end.
 */
export function forgetAgentRegistrations(): void {
  running.clear();
  pageLoad += 1;
}

/**
 * Spec section 4, Step 4 payment: on reaching step 4 with an agent present,
 * POST /bookings/agent, then POST /bookings/agent-staff, each with the
 * verification's token, and the booking is marked as an agent booking. A
 * booking already marked, or one whose card payment is under way or
 * answered, is left as it is. A failure has raised the general toast; the
 * booking stays unmarked, so the review offers to try again.
 */
export function registerAgentOnBooking(): Promise<AgentRegistrationOutcome> {
  const booking = useBookingStore.getState().activeBooking;
  const session = agentSessionOf(useAccountSession.getState());
  const payment = usePaymentStore.getState();
  if (!booking || !session || payment.agentBooking || payment.postPaymentDetails !== null || awaitingConfirmation(payment)) {
    return Promise.resolve('skipped');
  }
  const pending = running.get(booking.id);
  if (pending) return pending;
  const load = pageLoad;
  const promise = (async (): Promise<AgentRegistrationOutcome> => {
    try {
      await postAgent(booking, session.agent.ID, session.verification.token);
      await postAgentStaff(booking, session.staff.Id, session.verification.token);
    } catch {
      return 'failed';
    }
    // A booking replaced in the meantime (step 1 with another party size) is registered on its own arrival.
    if (load !== pageLoad || useBookingStore.getState().activeBooking?.id !== booking.id) return 'skipped';
    usePaymentStore.getState().markAgentBooking();
    return 'registered';
  })().finally(() => {
    if (running.get(booking.id) === promise) running.delete(booking.id);
  });
  running.set(booking.id, promise);
  return promise;
}

export type AgentRegistrationStatus = 'none' | 'unverified' | 'registering' | 'failed' | 'registered';

export interface AgentRegistration {
  status: AgentRegistrationStatus;
  retry: () => void;
}

/**
 * Registers the agent on arrival at review and says where that stands:
 * 'none' without an agent staff member; 'unverified' with one but no proof
 * of the verification to register them with (a session kept from before
 * verifications existed); 'registering' while the calls run,
 * 'failed' when they failed (retry tries again), 'registered' once marked.
 */
export function useAgentRegistration(bookingId: number): AgentRegistration {
  const session = useAgentSession();
  const staffSet = useAccountSession((state) => state.agentStaff !== null);
  const registered = usePaymentStore((state) => state.agentBooking);
  const [attempt, setAttempt] = useState(0);
  const [failedAttempt, setFailedAttempt] = useState<number | null>(null);

  useEffect(() => {
    if (!session || registered) return;
    let current = true;
    void registerAgentOnBooking().then((outcome) => {
      if (current && outcome === 'failed') setFailedAttempt(attempt);
    });
    return () => {
      current = false;
    };
  }, [session, registered, bookingId, attempt]);

  const status: AgentRegistrationStatus = registered
    ? 'registered'
    : !session
      ? staffSet
        ? 'unverified'
        : 'none'
      : failedAttempt === attempt
        ? 'failed'
        : 'registering';
  return { status, retry: () => setAttempt((value) => value + 1) };
}
