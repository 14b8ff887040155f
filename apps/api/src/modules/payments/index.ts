import { payments } from './schema.ts';

/**
 * Payments: the card payment requests we open (payment_intents), the
 * payments recorded on bookings (payments) and the provider's notifications
 * as received (payment_notifications). The lowest of the money modules: it
 * knows no booking rules, only money records. Settlement
 * (modules/confirmation) decides what a payment does to its booking.
 */
export {
  cancelWithdrawnRequests,
  claimDueIntents,
  hashProviderToken,
  intentById,
  intentOfRequest,
  markCancelConfirmed,
  markIntentExpired,
  markIntentPaid,
  openPaymentRequestExists,
  withdrawOpenRequests,
  type PaymentIntent,
} from './intents.ts';
export {
  amountPaid,
  amountPaidSql,
  claimUnappliedPayments,
  hasPayment,
  insertSucceededPayment,
  lockPaymentForApplying,
  markPaymentApplied,
  markSettlingPayment,
  paidByBooking,
  paymentByProviderId,
  paymentHistory,
  receiptPayment,
  recordPaymentMethod,
  referPaymentsToBooking,
  succeededPayments,
  type PaymentRow,
} from './records.ts';
export { markNotificationProcessed, receiveNotification } from './notifications.ts';
export { openProviderRequest } from './token.ts';
export { checkPayer, isAcceptableLogo } from './payer.ts';
export { pageOriginOf } from './page-origin.ts';

/**
 * What other modules may read of these tables in their own statements (a
 * join, a select), never write: writes go through the functions above
 * (docs/decisions/0017-modules-own-their-tables.md).
 */
export const paymentsReadModel = { payments } as const;
