import { OFFLINE_PAYMENT_METHOD_LABELS, type PaymentMethod } from '@tours/domain/staff/money';

/** How the bookings pages name the API's codes. */

export const methodLabel = (method: PaymentMethod): string => (method === 'card' ? 'Card' : OFFLINE_PAYMENT_METHOD_LABELS[method]);

/** 'succeeded' as 'Succeeded': the API's statuses are words already. */
export const statusWord = (status: string): string => (status === '' ? status : `${status[0]!.toUpperCase()}${status.slice(1).replace(/[_-]/g, ' ')}`);

/**
 * The audit log's actions in words. An action this list does not know yet
 * (the API may add some) is shown as its code, never hidden.
 */
const ACTIONS: Record<string, string> = {
  'booking.created': 'Booking started',
  'booking.confirmed': 'Booking confirmed',
  'booking.cancelled': 'Booking cancelled',
  'booking.declined': 'Optional booking declined',
  'booking.unconfirmed-refunded': 'Refunded and cancelled (was unconfirmed)',
  'booking.optional_confirmed': 'Optional booking confirmed',
  'booking.unconfirmed_confirmed': 'Unconfirmed booking confirmed',
  'booking.needs_attention': 'Flagged for attention',
  'booking.flag_resolved': 'Flag resolved',
  'booking.note_added': 'Internal note added',
  'booking.queue_item_dealt_with': 'Marked as dealt with in the work queue',
  'booking.correspondence_updated': 'Where documents go changed',
  'booking.confirmation_resent': 'Confirmation e-mail sent again',
  'booking.passengers_updated': 'Passengers entered',
  'booking.selections_submitted': 'Selections made',
  'booking.promotion_applied': 'Promotional code applied',
  'booking.promotion_removed': 'Promotional code removed',
  'booking.quote_reason': 'Left as a quote',
  'booking.customer_linked': 'Linked to the customer’s account',
  'booking.agent_registered': 'Agent registered',
  'booking.agent_staff_registered': 'Agent’s staff member registered',
  'booking.agent_confirmed': 'Confirmed by the agent',
  'booking.replaced': 'Booking replaced',
  'payment.intent_created': 'Card payment started',
  'payment.recorded': 'Offline payment recorded',
  'payment.applied_to_balance': 'Payment applied to the balance',
  'payment.currency_mismatch': 'Payment in another currency',
  'refund.created': 'Refund made',
  'refund.succeeded': 'Card refund completed',
  'refund.failed': 'Card refund failed',
  'passenger.details_updated': 'Passenger details changed',
  'document.resent': 'Document e-mailed again',
  'document.downloaded': 'Document downloaded by staff',
  'passports.read': 'Passport details shown to staff',
};

export const actionLabel = (action: string): string => ACTIONS[action] ?? action;

/** Where a booking's final documents go (the account area's correspondence choice), as the console words it. */
export const SEND_TO_LABELS = {
  primary_address: "The lead passenger's address",
  alternate_address: 'Another address',
  in_person: 'Collected in person',
} as const;
