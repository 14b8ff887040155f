import { usePaymentStore } from '../store/payment-store.ts';
import type { ConfirmOutcome } from './confirm-payment.ts';

/**
 * Picks up a paid booking's confirmation (confirm-payment.ts's
 * resumeConfirmation) with the confirmation code loaded on demand: a visit
 * to /book brings it only when a payment awaits its answer. Should the code
 * not arrive (the network, a release in between), the page says it could
 * not confirm and offers 'Check again', which loads it again; the payment
 * id stays kept meanwhile.
 */
export function resumeConfirmationOnDemand(): Promise<ConfirmOutcome> {
  return import('./confirm-payment.ts').then(
    (confirmation) => confirmation.resumeConfirmation(),
    () => {
      usePaymentStore.getState().setConfirmationPhase('stalled');
      return 'stalled' as const;
    },
  );
}
