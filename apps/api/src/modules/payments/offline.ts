import { OFFLINE_PROVIDER, type CurrencyCode, type OfflinePaymentMethod } from '@tours/domain';
import type { Database } from '../../db/client.ts';
import { paymentReference } from './records.ts';
import { payments } from './schema.ts';

export interface OfflinePayment {
  bookingId: number;
  /** The booking's reference (its id until confirmed), which the payment's own reference starts with. */
  bookingReference: string;
  currency: CurrencyCode;
  amount: number;
  method: OfflinePaymentMethod;
  /** Theirs: the bank's, the agency's, the cheque number. */
  payerReference: string;
  /** 'YYYY-MM-DD' */
  receivedOn: string;
  staffMemberId: number;
  now: Date;
}

/** What the payment history says of money staff recorded: it was received. */
export const OFFLINE_GATEWAY_STATUS = 'Received';

/**
 * Records money staff received another way than by card on the site, in the
 * booking's currency, succeeded and not yet applied: the settlement path
 * applies it (as it applies a card payment), in the caller's transaction,
 * which holds the booking's row (the payment's reference counts the
 * booking's payments under that lock). Answers its id.
 */
export async function insertOfflinePayment(db: Database, payment: OfflinePayment): Promise<number> {
  const [row] = await db
    .insert(payments)
    .values({
      bookingId: payment.bookingId,
      currency: payment.currency,
      bookingCurrency: payment.currency,
      amount: payment.amount,
      status: 'succeeded',
      gatewayStatus: OFFLINE_GATEWAY_STATUS,
      provider: OFFLINE_PROVIDER,
      reference: paymentReference(payment.bookingReference, payment.bookingId),
      offlineMethod: payment.method,
      payerReference: payment.payerReference,
      receivedOn: payment.receivedOn,
      recordedBy: payment.staffMemberId,
      createdAt: payment.now,
      updatedAt: payment.now,
    })
    .returning({ id: payments.id });
  return row!.id;
}
