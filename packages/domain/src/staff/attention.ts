/**
 * Why staff must look at a booking (bookings.needs_attention): each reason
 * has a stable code, which the booking keeps (attention_code) and the work
 * queue filters by, and the words staff read, which may be reworded without
 * moving a booking from one queue to another. Settlement (the API's
 * confirmation module) is the only one to raise them.
 */
export const ATTENTION_REASONS = {
  'places-gone': 'Paid, but the places were sold to someone else before the booking could be confirmed.',
  'confirm-failed': 'Paid, but confirming the booking failed.',
  'unmatched-payment': 'A payment was taken through a payment request that is not one of this booking’s.',
  'outdated-payment': 'Paid through a card form opened before the booking’s price changed: check the booking and the amount with the customer.',
  'other-currency': 'Paid in another currency than the booking’s: refund it, or take the payment again in the booking’s currency.',
  'paid-after-settlement': 'Paid after the booking was marked for follow-up or cancelled: apply or refund the payment.',
  overpaid: 'Paid more than the booking costs (the booking changed after the card form was opened): refund the difference.',
  'refund-failed': 'A card refund failed: refund the customer another way, then resolve the flag.',
} as const;

export type AttentionCode = keyof typeof ATTENTION_REASONS;
export const ATTENTION_CODES = Object.keys(ATTENTION_REASONS) as AttentionCode[];

/**
 * The reasons that are about a payment itself (another currency, more than
 * the total, a request not the booking's, an outdated card form, money after
 * settlement): the work queue's 'payments flagged'. The other two are
 * bookings paid but not confirmed, whose status (Unconfirmed) says so.
 */
export const PAYMENT_FLAG_CODES = [
  'other-currency',
  'overpaid',
  'unmatched-payment',
  'outdated-payment',
  'paid-after-settlement',
  'refund-failed',
] as const satisfies readonly AttentionCode[];

