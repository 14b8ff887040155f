import {
  allocationsSchema,
  amountToPay,
  componentSchema,
  defaultPaymentOption,
  minorUnitsSchema,
  PAYMENT_OPTIONS,
  paymentOptions,
  postPaymentDetailsSchema,
  prePaymentDetailsSchema,
  type AppliedPromotion,
  type MinorUnits,
  type PaymentDetails,
  type PaymentOption,
  type PaymentProgress,
  type PaymentToken,
  type Allocations,
  type PostPaymentDetails,
  type PrePaymentDetails,
} from '@tours/domain';
import { z } from 'zod/mini';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { openedCardPaymentSchema, type CardPaymentSlice, type SettlementPhase } from '../../../lib/card-payment/card-payment-state.ts';
import { persistOptions, registerPersistedStore, STORAGE_KEYS } from '../../../lib/storage.ts';

/**
 * The payment state of the booking flow (spec section 3, Payment state), in
 * session storage with the booking (spec section 4, Persistence). The amounts
 * are the server's pre-payment details, never computed here.
 */

/** A payment token with what it was opened for, so a change of amount, option or payer can tell it is stale. */
export const openedPaymentSchema = z.extend(openedCardPaymentSchema, { option: z.enum(PAYMENT_OPTIONS) });
export type OpenedPayment = z.infer<typeof openedPaymentSchema>;

/**
 * Where the confirmation of a payment stands on this page, in the card
 * client's phases: 'stalled' means the server will not answer this page (the
 * booking token is past its grace, or an answer the page cannot act on), so
 * the page stops asking by itself while the payment id is kept for a retry
 * or a reload.
 */
export type ConfirmationPhase = SettlementPhase;

/** Every persisted key with its own schema: a stale or tampered key falls back to its default alone. */
export const paymentStateSchema = z.object({
  agentBooking: z.boolean(),
  prePaymentDetails: z.nullable(prePaymentDetailsSchema),
  /**
   * The choices those details priced (the allocations as the selections call
   * sent them), so the summary panel can tell the server's figures of the
   * choices on screen from those of choices since changed. Null where unknown.
   */
  pricedAllocations: z.nullable(allocationsSchema),
  /** The applied PromotionalCode component (negative price). */
  promotion: z.nullable(componentSchema),
  validPromotionalCode: z.boolean(),
  postPaymentDetails: z.nullable(postPaymentDetailsSchema),
  paymentOption: z.enum(PAYMENT_OPTIONS),
  paymentToken: z.nullable(openedPaymentSchema),
  altBilling: z.boolean(),
  /**
   * The card provider's payment id from its success message. Kept (and
   * persisted) until the server has answered its confirmation, so a reload,
   * a reopened tab or a lapsed session confirms it again and never pays again.
   */
  checkoutId: z.nullable(z.string().check(z.minLength(1))),
  /** What that payment took, in minor units (the amount its token was opened for). */
  amountPaid: z.nullable(minorUnitsSchema),
  bookingSessionExpired: z.boolean(),
  /** The last payment request expired and the page reloaded: 4a says so until a new payment starts. */
  paymentExpired: z.boolean(),
});

export type PaymentData = z.output<typeof paymentStateSchema> & {
  /** True while a payment runs (card form open, or confirming); never persisted, since a reload ends it. */
  processing: boolean;
  /** Never persisted: a reload starts the confirmation afresh. */
  confirmation: ConfirmationPhase | null;
};

interface PaymentActions extends Omit<CardPaymentSlice, 'paymentToken' | 'processing'> {
  /** The travel agent and staff member are registered on the booking: it is confirmed without payment (spec section 4, Step 4 payment). */
  markAgentBooking: () => void;
  /**
   * Stores the selections' answer with the choices it priced (left as they
   * were when not given: the same choices priced again); a deposit of 0 leaves
   * 'full' as the only way to pay (spec section 4, Step 3).
   */
  setPrePaymentDetails: (details: PrePaymentDetails, priced?: Allocations) => void;
  /** A valid code: its component, the server's new totals, and full payment (no deposit with a promotion). */
  applyPromotion: (applied: AppliedPromotion) => void;
  /**
   * The server's current figures at review (GET /bookings/payment-details):
   * they replace whatever this tab remembered, since another tab may have
   * changed the selections or the promotion. The chosen option stays while
   * it is still offered; a token opened for an amount no longer payable goes.
   */
  figuresRefreshed: (figures: PaymentDetails) => void;
  /** A change of option discards the token: it was opened for the other amount. */
  chooseOption: (option: PaymentOption) => void;
  /** A change of payer discards the token: the provider's form prints the payer. */
  setAltBilling: (on: boolean) => void;
  tokenOpened: (token: PaymentToken, opened: { amount: MinorUnits; option: PaymentOption }) => void;
  /** The provider took the money: from here on the booking is confirmed, never paid again. */
  paymentSucceeded: (paymentId: string, amount: MinorUnits | null) => void;
  confirmationAnswered: (details: PostPaymentDetails) => void;
  setConfirmationPhase: (phase: ConfirmationPhase | null) => void;
  /** The server refused the payment id (400: unknown, declined, another booking's): it is forgotten, so the visitor can pay again. */
  confirmationRefused: () => void;
  reset: () => void;
}

export type PaymentState = PaymentData & PaymentActions;

export const initialPaymentData = (): PaymentData => ({
  agentBooking: false,
  prePaymentDetails: null,
  pricedAllocations: null,
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
  confirmation: null,
});

export const usePaymentStore = create<PaymentState>()(
  persist(
    (set) => ({
      ...initialPaymentData(),
      markAgentBooking: () => set((state) => (state.agentBooking ? state : { agentBooking: true, paymentToken: null })),
      setPrePaymentDetails: (details, priced) =>
        set((state) => ({
          prePaymentDetails: details,
          pricedAllocations: priced ?? state.pricedAllocations,
          paymentOption: defaultPaymentOption(details),
          paymentToken: null,
        })),
      applyPromotion: ({ promotion, details }) =>
        // With a promotion the deposit is never offered (spec section 4), so the full amount is what is paid.
        set({ promotion, validPromotionalCode: true, prePaymentDetails: details, paymentOption: 'full', paymentToken: null }),
      figuresRefreshed: ({ details, promotion }) =>
        set((state) => {
          if (JSON.stringify([details, promotion]) === JSON.stringify([state.prePaymentDetails, state.promotion])) return state;
          const promotionActive = promotion !== null;
          const paymentOption = paymentOptions(details, promotionActive).includes(state.paymentOption)
            ? state.paymentOption
            : promotionActive
              ? 'full'
              : defaultPaymentOption(details);
          const token = state.paymentToken;
          const tokenStillPayable = token !== null && amountToPay(details, token.option, promotionActive) === token.amount;
          return {
            prePaymentDetails: details,
            promotion,
            validPromotionalCode: promotionActive,
            paymentOption,
            paymentToken: tokenStillPayable ? token : null,
          };
        }),
      chooseOption: (paymentOption) =>
        set((state) => (state.paymentOption === paymentOption ? state : { paymentOption, paymentToken: null })),
      setAltBilling: (altBilling) => set((state) => (state.altBilling === altBilling ? state : { altBilling, paymentToken: null })),
      tokenOpened: (token, opened) => set({ paymentToken: { ...token, ...opened }, paymentExpired: false }),
      discardToken: () => set((state) => (state.paymentToken === null ? state : { paymentToken: null })),
      setProcessing: (processing) => set({ processing }),
      paymentRequestExpired: () => set({ paymentToken: null, processing: false, paymentExpired: true }),
      paymentSucceeded: (checkoutId, amountPaid) => set({ checkoutId, amountPaid, processing: true, paymentExpired: false }),
      confirmationAnswered: (postPaymentDetails) => set({ postPaymentDetails, processing: false, paymentToken: null, confirmation: null }),
      setConfirmationPhase: (confirmation) => set({ confirmation }),
      confirmationRefused: () => set({ checkoutId: null, amountPaid: null, paymentToken: null, processing: false, confirmation: null }),
      reset: () => set(initialPaymentData()),
    }),
    persistOptions<PaymentState, typeof paymentStateSchema>(STORAGE_KEYS.payment, paymentStateSchema),
  ),
);

export const resetPayment = (): void => usePaymentStore.getState().reset();
registerPersistedStore(STORAGE_KEYS.payment, resetPayment);

/**
 * The page's payment progress in the domain's terms (paymentStarted): a
 * confirmation phase counts as in progress, which covers a booking with
 * nothing to pay being confirmed.
 */
export const paymentProgress = (state: PaymentState): PaymentProgress => ({
  inProgress: state.processing || state.confirmation !== null,
  awaitingConfirmation: awaitingConfirmation(state),
  answered: state.postPaymentDetails !== null,
});

/** Paid, but the booking not yet confirmed on this page: confirmation must run (again), and no new payment may start. */
export const awaitingConfirmation = (state: Pick<PaymentData, 'checkoutId' | 'postPaymentDetails'>): boolean =>
  state.checkoutId !== null && state.postPaymentDetails === null;
