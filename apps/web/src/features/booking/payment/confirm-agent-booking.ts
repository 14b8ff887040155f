import { isApiRequestError } from '../../../lib/api-error.ts';
import { postAgentConfirm } from '../api/agent-api.ts';
import { useBookingStore } from '../store/booking-store.ts';
import { usePaymentStore } from '../store/payment-store.ts';
import { actOnConfirmation, type ConfirmContext } from './confirm-payment.ts';

/**
 * The agent's 'Confirm Booking' (spec section 4, Step 4 payment): POST
 * /bookings/agent-confirm, then the answer as a paid confirmation's, step 5
 * or the unconfirmed screen. No money is taken, so nothing is asked again by
 * itself: a failure has raised the general toast (spec section 8) and the
 * agent may press again, which the server answers idempotently.
 *
 * - confirmed / unconfirmed: the server's answer, acted on;
 * - failed: the call failed; the review stays as it was;
 * - unavailable: the places went in the meantime (SERVICE_FAILURE), the availability-error screen;
 * - skipped: no agent booking to confirm, or it is answered already.
 */
export type AgentConfirmOutcome = 'confirmed' | 'unconfirmed' | 'failed' | 'unavailable' | 'skipped';

/** The agent sells on behalf of the client: nothing is paid now, and the analytics say so. */
export const AGENT_PAYMENT_OPTION = 'agent';

let running: Promise<AgentConfirmOutcome> | null = null;

/** Presses while the call runs share it: one confirmation, one purchase event. */
export function confirmAgentBooking(context: ConfirmContext): Promise<AgentConfirmOutcome> {
  running ??= confirmOnce(context).finally(() => {
    running = null;
  });
  return running;
}

async function confirmOnce(context: ConfirmContext): Promise<AgentConfirmOutcome> {
  const booking = useBookingStore.getState().activeBooking;
  const payment = usePaymentStore.getState();
  if (!booking || !payment.agentBooking || payment.postPaymentDetails !== null) return 'skipped';
  const stillThisBooking = () => useBookingStore.getState().activeBooking?.id === booking.id && usePaymentStore.getState().postPaymentDetails === null;
  payment.setProcessing(true);
  payment.setConfirmationPhase('sending');

  let details;
  try {
    details = await postAgentConfirm(booking);
  } catch (error) {
    if (!stillThisBooking()) return 'skipped';
    usePaymentStore.getState().setConfirmationPhase(null);
    usePaymentStore.getState().setProcessing(false);
    if (isApiRequestError(error) && error.code === 'SERVICE_FAILURE') {
      useBookingStore.getState().setAvailability(false);
      return 'unavailable';
    }
    return 'failed';
  }
  if (!stillThisBooking()) return 'skipped';
  const total = usePaymentStore.getState().prePaymentDetails?.total_price.value ?? 0;
  return actOnConfirmation(details, context, { total, paid: null, option: AGENT_PAYMENT_OPTION });
}
