import { payments, refunds } from './schema.ts';

/**
 * Payments: the card payment requests we open (payment_intents), the
 * payments recorded on bookings (payments: by card, or received offline and
 * recorded by staff), the refunds of them (refunds) and the provider's
 * notifications as received (payment_notifications). The lowest of the money modules: it
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
  amountsPaidSql,
  claimUnappliedPayments,
  hasPayment,
  insertSucceededPayment,
  lockPaymentForApplying,
  markBookingPaymentsApplied,
  markPaymentApplied,
  markSettlingPayment,
  paidByBooking,
  paymentByProviderId,
  receiptPayment,
  recordPaymentMethod,
  referPaymentsToBooking,
} from './records.ts';
// Refunds (issue 26): written under the payment's lock, settled once by the provider's answer, notification or reconciliation.
export {
  claimPendingRefunds,
  insertRefund,
  lockPaymentForRefund,
  refundablePayments,
  providerPaymentOf,
  settleRefund,
  unsentRefunds,
  type RefundablePayment,
  type RefundMatch,
  type RefundOutcome,
  type RefundRow,
} from './refunds.ts';
export { insertOfflinePayment } from './offline.ts';
// The booking's money as the staff booking page, the customer's history and the documents read it.
export { moneyLines, paymentHistoryLines, paymentsWithRefunds, refundsByIds, type HistoryLine } from './history.ts';
export { markNotificationProcessed, receiveNotification, receiveRefundNotification } from './notifications.ts';
export { openProviderRequest } from './token.ts';
export { checkPayer, isAcceptableLogo } from './payer.ts';
export { pageOriginOf } from './page-origin.ts';

/**
 * What other modules may read of these tables in their own statements (a
 * join, a select), never write: writes go through the functions above
 * (docs/decisions/0017-modules-own-their-tables.md).
 */
export const paymentsReadModel = { payments, refunds } as const;
