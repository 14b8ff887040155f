import type { Database } from '../db/client.ts';

/**
 * Fault points: the places in the settlement of a card payment where a test
 * can make things fail at a precise moment (the Faults suite,
 * test/faults*.test.ts), as a port. The money path calls `app.faults.fire`
 * and knows nothing more; production wires NO_FAULTS, which never fails. The
 * switch that arms them (modules/testing) is composed by app.ts only when
 * TEST_FAULTS=true, which the settings refuse in production, so no test code
 * is loaded by a production server.
 *
 * Where, for one booking, in the order a card payment is settled:
 * - after-charge: the provider has confirmed the money was taken, nothing of ours is written yet;
 * - before-booking-update: the payment is recorded (committed), the booking not yet touched;
 *   fired with the booking row locked, in the transaction that would confirm it;
 * - during-email: the booking is being confirmed and its confirmation e-mail queued (the outbox insert);
 * - confirm-after-payment, settle-transient: the first two faults, kept as they were (an
 *   application error, and a serialization failure, once the holds are converted).
 */
export const FAULT_POINTS = ['after-charge', 'before-booking-update', 'during-email', 'confirm-after-payment', 'settle-transient'] as const;
export type FaultPoint = (typeof FAULT_POINTS)[number];

/** The ways a call to the card provider can fail: a 503, no answer until the adapter's timeout, a refused connection. */
export const PROVIDER_FAULTS = ['provider-5xx', 'provider-timeout', 'provider-refused'] as const;
export type ProviderFault = (typeof PROVIDER_FAULTS)[number];

export interface FaultPoints {
  /**
   * Fails here if a fault is armed at this point for the booking. `db` is
   * where the work at this point runs (the transaction, if any), so a lost
   * connection can be the real one.
   */
  fire(bookingId: number, point: FaultPoint, db?: Database): Promise<void>;
  /** The failure armed for the next call to the card provider's server API, if any. */
  takeProviderFault(): ProviderFault | null;
}

/** Production's fault points: nothing is ever armed, so nothing ever fails on purpose. */
export const NO_FAULTS: FaultPoints = {
  fire: async () => undefined,
  takeProviderFault: () => null,
};

declare module 'fastify' {
  interface FastifyInstance {
    faults: FaultPoints;
  }
}
