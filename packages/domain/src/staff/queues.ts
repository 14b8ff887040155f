import { DETAILS_REQUIRED_DAYS } from '../booking/departure-rules.ts';

/**
 * The staff console's work queue: what needs a person at the operator, each
 * a filtered list of bookings (GET /staff/bookings?queue=…) with its count on
 * the console's home page. A booking may sit in more than one queue (an
 * Unconfirmed booking paid through an outdated card form is both unconfirmed
 * and a flagged payment); the booking's page shows every queue it is in as its flags.
 */
export const STAFF_QUEUES = [
  'unconfirmed',
  'payments-flagged',
  'optional',
  'sold-out-quotes',
  'balances-overdue',
  'details-missing',
  'mail-failed',
] as const;
export type StaffQueue = (typeof STAFF_QUEUES)[number];

/**
 * Passenger details missing: Confirmed bookings departing within this many
 * days whose travellers have not answered every section, the same rule as
 * the customer's notifications modal (bookingsNeedingDetails).
 */
export const DETAILS_MISSING_WITHIN_DAYS = DETAILS_REQUIRED_DAYS;

export interface StaffQueueInfo {
  /** The queue's name on the console's home page and as a booking's flag. */
  label: string;
  /** What a booking in it is waiting for, in a sentence. */
  description: string;
}

export const STAFF_QUEUE_INFO: Readonly<Record<StaffQueue, StaffQueueInfo>> = {
  unconfirmed: {
    label: 'Paid but unconfirmed',
    description: 'Paid, but the booking could not be confirmed (status Unconfirmed): confirm it or refund it.',
  },
  'payments-flagged': {
    label: 'Payments flagged',
    description: 'A payment in another currency, above the total, not matching a payment request, through an outdated card form, or after settlement.',
  },
  optional: {
    label: 'Optional bookings waiting',
    description: 'Settled Optional bookings (departures under five weeks away) waiting for the operator to confirm or decline them.',
  },
  'sold-out-quotes': {
    label: 'Quotes for sold-out rooms',
    description: 'Quotes the site could not complete because no room was left for the party: call the customer back.',
  },
  'balances-overdue': {
    label: 'Balances past their due date',
    description: 'Settled bookings with a balance to pay whose due date has passed.',
  },
  'details-missing': {
    label: 'Passenger details missing',
    description: `Confirmed bookings departing within ${DETAILS_MISSING_WITHIN_DAYS} days whose passengers have not given every detail.`,
  },
  'mail-failed': {
    label: 'E-mails not delivered',
    description: 'Bookings with an e-mail the relay could not deliver.',
  },
};


/**
 * The queues whose items no other action ends: an e-mail the relay gave up
 * on (a person writes or telephones instead, or corrects the address and
 * sends again), and a quote for a sold-out room (the customer is called
 * back). A member marks such an item as dealt with, with the reason; the
 * booking leaves the queue until something new puts it back (another
 * e-mail given up on; a quote stays dealt with).
 */
export const DEALT_WITH_QUEUES = ['mail-failed', 'sold-out-quotes'] as const satisfies readonly StaffQueue[];
export type DealtWithQueue = (typeof DEALT_WITH_QUEUES)[number];

/** What marking an item of the queue as dealt with is called on the console's button. */
export const DEALT_WITH_LABELS: Readonly<Record<DealtWithQueue, string>> = {
  'mail-failed': 'Mark the undelivered e-mails as dealt with',
  'sold-out-quotes': 'Mark the customer as called back',
};

export const DEALT_WITH_MESSAGES = {
  queueRequired: 'Choose the queue: e-mails not delivered, or quotes for sold-out rooms',
  notInQueue: (label: string) => `This booking is not in the queue '${label}': there is nothing to mark as dealt with.`,
  keyReused: 'This Idempotency-Key was used for another change',
} as const;
