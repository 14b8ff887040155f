import { ACCOUNT_PAYMENT_OPTIONS } from '@tours/domain/account/payment';
import type { PaymentToken } from '@tours/domain/contracts/payment-token';
import { currencyCodeSchema, minorUnitsSchema, moneySchema, type MinorUnits, type Money } from '@tours/domain/money';
import { z } from 'zod/mini';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { openedCardPaymentSchema, type CardPaymentSlice, type SettlementPhase } from '../../../lib/card-payment/card-payment-state.ts';
import { persistOptions, registerPersistedStore, STORAGE_KEYS } from '../../../lib/storage.ts';

/**
 * The account area's payment state (spec section 3, Payment state: the
 * account-area variant keeps prePaymentDetails, paymentOption full or custom,
 * paymentToken, altBilling, processing), in session storage (section 4,
 * Persistence) and cleared at logout. It also keeps a payment the provider
 * took whose receipt the server has not answered yet, so a reload sends the
 * receipt again instead of losing it (the server's reconciliation attaches it
 * in any case).
 */

/** The balance the form was last opened against. */
export const accountPrePaymentSchema = z.object({ booking_id: z.number().check(z.int()), outstanding_balance: moneySchema });

/** A payment token with what it was opened for: the booking, the amount, and everything else the card client keyed it by. */
export const openedAccountPaymentSchema = z.extend(openedCardPaymentSchema, {
  booking_id: z.number().check(z.int()),
  /** Everything the token was requested for (booking, balance, amount, payer); another value means another token. */
  key: z.string(),
});

/** Paid at the provider, the receipt not yet answered by our server. */
export const pendingReceiptSchema = z.object({
  booking_id: z.number().check(z.int()),
  payment_id: z.string().check(z.minLength(1), z.maxLength(100)),
  currency: currencyCodeSchema,
  amount: z.nullable(minorUnitsSchema),
});
export type PendingReceipt = z.infer<typeof pendingReceiptSchema>;

/** Every persisted key with its own schema (spec section 3, the account-area payment state, and the receipt owed). */
export const accountPaymentStateSchema = z.object({
  prePaymentDetails: z.nullable(accountPrePaymentSchema),
  paymentOption: z.enum(ACCOUNT_PAYMENT_OPTIONS),
  paymentToken: z.nullable(openedAccountPaymentSchema),
  altBilling: z.boolean(),
  pendingReceipt: z.nullable(pendingReceiptSchema),
});

export type AccountPaymentData = z.output<typeof accountPaymentStateSchema> & {
  /** A card form is open or a receipt is being sent; never persisted, since a reload ends it. */
  processing: boolean;
  /** Where the receipt stands on this page; never persisted: a reload sends the receipt afresh. */
  receiptPhase: SettlementPhase | null;
  /** The one-off amount as typed; kept while the page lives (the form may be laid out anew), never persisted. */
  customAmount: string;
};

interface AccountPaymentActions extends Omit<CardPaymentSlice, 'paymentToken' | 'processing'> {
  setPrePaymentDetails: (bookingId: number, outstanding: Money) => void;
  /** A change of option discards the token: it was opened for the other amount. */
  chooseOption: (option: AccountPaymentData['paymentOption']) => void;
  /** A change of payer discards the token: the provider's form prints the payer. */
  setAltBilling: (on: boolean) => void;
  tokenOpened: (token: PaymentToken, opened: { bookingId: number; amount: MinorUnits; key: string }) => void;
  /** The provider took the money: from here on the receipt is sent, never paid again. */
  paymentTaken: (receipt: PendingReceipt) => void;
  setReceiptPhase: (phase: SettlementPhase | null) => void;
  setCustomAmount: (typed: string) => void;
  /** The server answered the receipt (recorded, or refused for good): it is no longer pending. */
  receiptSettled: (paymentId: string) => void;
  reset: () => void;
}

export type AccountPaymentState = AccountPaymentData & AccountPaymentActions;

export const initialAccountPaymentData = (): AccountPaymentData => ({
  prePaymentDetails: null,
  paymentOption: 'full',
  paymentToken: null,
  altBilling: false,
  processing: false,
  pendingReceipt: null,
  receiptPhase: null,
  customAmount: '',
});

export const useAccountPaymentStore = create<AccountPaymentState>()(
  persist(
    (set) => ({
      ...initialAccountPaymentData(),
      setPrePaymentDetails: (bookingId, outstanding) =>
        set((state) => {
          const current = state.prePaymentDetails;
          if (current?.booking_id === bookingId && JSON.stringify(current.outstanding_balance) === JSON.stringify(outstanding)) return state;
          return { prePaymentDetails: { booking_id: bookingId, outstanding_balance: outstanding } };
        }),
      chooseOption: (paymentOption) => set((state) => (state.paymentOption === paymentOption ? state : { paymentOption, paymentToken: null })),
      setAltBilling: (altBilling) => set((state) => (state.altBilling === altBilling ? state : { altBilling, paymentToken: null })),
      tokenOpened: (token, { bookingId, amount, key }) => set({ paymentToken: { ...token, booking_id: bookingId, amount, key } }),
      // The form goes with its token, so nothing is in progress until the next one opens (or a receipt is sent).
      discardToken: () => set((state) => (state.paymentToken === null && !state.processing ? state : { paymentToken: null, processing: false })),
      setProcessing: (processing) => set((state) => (state.processing === processing ? state : { processing })),
      paymentRequestExpired: () => set({ paymentToken: null, processing: false }),
      paymentTaken: (pendingReceipt) => set({ pendingReceipt, paymentToken: null, processing: true }),
      setReceiptPhase: (receiptPhase) => set({ receiptPhase }),
      setCustomAmount: (customAmount) => set({ customAmount }),
      receiptSettled: (paymentId) =>
        set((state) =>
          state.pendingReceipt?.payment_id === paymentId ? { pendingReceipt: null, receiptPhase: null, processing: false } : state,
        ),
      reset: () => set(initialAccountPaymentData()),
    }),
    persistOptions<AccountPaymentState, typeof accountPaymentStateSchema>(STORAGE_KEYS.accountPayment, accountPaymentStateSchema),
  ),
);

export const resetAccountPayment = (): void => useAccountPaymentStore.getState().reset();
registerPersistedStore(STORAGE_KEYS.accountPayment, resetAccountPayment);
