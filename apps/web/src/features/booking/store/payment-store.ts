import {
  componentSchema,
  defaultPaymentOption,
  minorUnitsSchema,
  PAYMENT_OPTIONS,
  paymentTokenSchema,
  postPaymentDetailsSchema,
  prePaymentDetailsSchema,
  type AppliedPromotion,
  type Component,
  type MinorUnits,
  type PaymentOption,
  type PaymentToken,
  type PostPaymentDetails,
  type PrePaymentDetails,
} from '@tours/domain';
import { z } from 'zod';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { persistOptions, STORAGE_KEYS } from '../../../lib/storage.ts';

/**
 * The payment state of the booking flow (spec section 3, Payment state), in
 * session storage with the booking (spec section 4, Persistence). The amounts
 * are the server's pre-payment details, never computed here.
 */

/** A payment token with what it was opened for, so a change of amount or payer can tell it is stale. */
export const openedPaymentSchema = paymentTokenSchema.extend({
  amount: minorUnitsSchema,
  option: z.enum(PAYMENT_OPTIONS),
});
export type OpenedPayment = z.infer<typeof openedPaymentSchema>;

export interface PaymentData {
  agentBooking: boolean;
  prePaymentDetails: PrePaymentDetails | null;
  /** The applied PromotionalCode component (negative price). */
  promotion: Component | null;
  validPromotionalCode: boolean;
  postPaymentDetails: PostPaymentDetails | null;
  paymentOption: PaymentOption;
  paymentToken: OpenedPayment | null;
  altBilling: boolean;
  /** True while a payment runs (card form open, or confirming); never persisted, since a reload ends it. */
  processing: boolean;
  /** The card provider's payment id from its success message: kept so a reload mid-confirmation confirms it again, never pays again. */
  checkoutId: string | null;
  /** What that payment took, in minor units (the amount its token was opened for). */
  amountPaid: MinorUnits | null;
  bookingSessionExpired: boolean;
  /** The last payment request expired and the page reloaded: 4a says so until a new payment starts. */
  paymentExpired: boolean;
}

interface PaymentActions {
  /** Stores the selections' answer; a deposit of 0 leaves 'full' as the only way to pay (spec section 4, Step 3). */
  setPrePaymentDetails: (details: PrePaymentDetails) => void;
  /** A valid code: its component, the server's new totals, and full payment (no deposit with a promotion). */
  applyPromotion: (applied: AppliedPromotion) => void;
  /** A change of option discards the token: it was opened for the other amount. */
  chooseOption: (option: PaymentOption) => void;
  /** A change of payer discards the token: the provider's form prints the payer. */
  setAltBilling: (on: boolean) => void;
  tokenOpened: (token: PaymentToken, opened: { amount: MinorUnits; option: PaymentOption }) => void;
  discardToken: () => void;
  setProcessing: (processing: boolean) => void;
  /** 'Expired request': the token goes, and the reloaded page explains why the payment starts again. */
  paymentRequestExpired: () => void;
  /** The provider took the money: from here on the booking is confirmed, never paid again. */
  paymentSucceeded: (paymentId: string, amount: MinorUnits | null) => void;
  confirmationAnswered: (details: PostPaymentDetails) => void;
  reset: () => void;
}

export type PaymentState = PaymentData & PaymentActions;

export const initialPaymentData = (): PaymentData => ({
  agentBooking: false,
  prePaymentDetails: null,
  promotion: null,
  validPromotionalCode: false,
  postPaymentDetails: null,
  paymentOption: 'deposit',
  paymentToken: null,
  altBilling: false,
  processing: false,
  checkoutId: null,
  amountPaid: null,
  bookingSessionExpired: false,
  paymentExpired: false,
});

export const paymentStateSchema = z.object({
  agentBooking: z.boolean(),
  prePaymentDetails: prePaymentDetailsSchema.nullable(),
  promotion: componentSchema.nullable(),
  validPromotionalCode: z.boolean(),
  postPaymentDetails: postPaymentDetailsSchema.nullable(),
  paymentOption: z.enum(PAYMENT_OPTIONS),
  paymentToken: openedPaymentSchema.nullable(),
  altBilling: z.boolean(),
  checkoutId: z.string().min(1).nullable(),
  amountPaid: minorUnitsSchema.nullable(),
  bookingSessionExpired: z.boolean(),
  paymentExpired: z.boolean(),
});

export const usePaymentStore = create<PaymentState>()(
  persist(
    (set) => ({
      ...initialPaymentData(),
      setPrePaymentDetails: (details) => set({ prePaymentDetails: details, paymentOption: defaultPaymentOption(details), paymentToken: null }),
      applyPromotion: ({ promotion, details }) =>
        // With a promotion the deposit is never offered (spec section 4), so the full amount is what is paid.
        set({ promotion, validPromotionalCode: true, prePaymentDetails: details, paymentOption: 'full', paymentToken: null }),
      chooseOption: (paymentOption) =>
        set((state) => (state.paymentOption === paymentOption ? state : { paymentOption, paymentToken: null })),
      setAltBilling: (altBilling) => set((state) => (state.altBilling === altBilling ? state : { altBilling, paymentToken: null })),
      tokenOpened: (token, opened) => set({ paymentToken: { ...token, ...opened }, paymentExpired: false }),
      discardToken: () => set((state) => (state.paymentToken === null ? state : { paymentToken: null })),
      setProcessing: (processing) => set({ processing }),
      paymentRequestExpired: () => set({ paymentToken: null, processing: false, paymentExpired: true }),
      paymentSucceeded: (checkoutId, amountPaid) => set({ checkoutId, amountPaid, processing: true, paymentExpired: false }),
      confirmationAnswered: (postPaymentDetails) => set({ postPaymentDetails, processing: false, paymentToken: null }),
      reset: () => set(initialPaymentData()),
    }),
    persistOptions<PaymentState, typeof paymentStateSchema>(STORAGE_KEYS.payment, paymentStateSchema),
  ),
);

export const resetPayment = (): void => usePaymentStore.getState().reset();

/** Paid, but the booking not yet confirmed on this page: confirmation must run (again), and no new payment may start. */
export const awaitingConfirmation = (state: Pick<PaymentData, 'checkoutId' | 'postPaymentDetails'>): boolean =>
  state.checkoutId !== null && state.postPaymentDetails === null;
