import { paymentTokenSchema } from '@tours/domain/contracts/payment-token';
import { minorUnitsSchema } from '@tours/domain/money';
import { z } from 'zod/mini';

/*
 * The part of a payment store (spec section 3, Payment state) the card client
 * (use-card-payment.ts) drives, alike for the booking flow and the account
 * area. Apart from the client: the stores load with every booking page, the
 * client only once a payment is under way (issue 15's page weight).
 */

/** A payment token with the amount it was opened for (minor units); each store adds what else it was opened for. */
export const openedCardPaymentSchema = z.extend(paymentTokenSchema, { amount: minorUnitsSchema });
export type OpenedCardPayment = z.infer<typeof openedCardPaymentSchema>;

export interface CardPaymentSlice {
  paymentToken: OpenedCardPayment | null;
  /** True while a payment runs (a card form open, or the server asked about a payment); never persisted, since a reload ends it. */
  processing: boolean;
  /** The form is gone (another amount or payer, a cancel, a close): its token goes with it. */
  discardToken: () => void;
  setProcessing: (processing: boolean) => void;
  /** 'Expired request': the token goes, and processing ends. */
  paymentRequestExpired: () => void;
}

/**
 * Where the server's answer about a paid card payment stands on this page:
 * the call is out ('sending'); its answers keep getting lost or the server
 * is still settling the payment, so the page says it is checking and keeps
 * asking ('checking'); or this page stopped asking by itself ('stalled') and
 * offers to ask again, the payment id kept.
 */
export type SettlementPhase = 'sending' | 'checking' | 'stalled';
