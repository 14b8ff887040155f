/**
 * Settlement and confirmation: the orchestrator of the money path. It owns no
 * table. A card payment comes to settlement from the visitor's browser, the
 * provider's notification or reconciliation, and takes one path (verify,
 * record, apply); a booking with nothing to pay, or an agent's, is confirmed
 * without one. It asks each owner for its part, in one transaction where the
 * money path needs one: bookings (lock, reference, status), inventory (holds
 * sold), payments (records), customers (through bookings), documents, mail.
 * Nothing below it imports it; the account area and the agent's booking calls
 * above it do (docs/decisions/0017-modules-own-their-tables.md).
 */
export { confirmWithoutPayment, type UnpaidConfirmationCheck } from './confirm-without-payment.ts';
export { settleProviderPayment, SETTLEMENT_PENDING } from './settle-payment.ts';
export { reconcilePayments, reconciliationPlugin } from './reconciliation.ts';
export { ATTENTION } from './follow-up.ts';
export { PlacesGoneError, NothingHeldError } from './convert-holds.ts';
// Staff decisions (issue 26): through the one core, in the caller's transaction; refunds settled once by answer, notification or reconciliation.
export {
  applyRecordedPayment,
  confirmOptionalByStaff,
  confirmUnconfirmedByStaff,
  resendConfirmationEmail,
  sendDocumentEmail,
  type StaffDecision,
} from './staff-decisions.ts';
export { sendRefund } from './refund-settlement.ts';
export { settlementContext } from './settle-payment.ts';
export { queueBookingNotice, queueCancellationEmail, type BookingFacts, type BookingNotice, type QueuedNotice } from './email/notices.ts';
export { formatDates } from './email/content.ts';
export { type Ending } from './email/cancellation-content.ts';
