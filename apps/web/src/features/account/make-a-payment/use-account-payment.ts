import { buildCardPaymentRequest, type Payer } from '@tours/domain/booking/payment-request';
import type { AccountBooking } from '@tours/domain/contracts/account';
import type { MinorUnits } from '@tours/domain/money';
import { PAYMENT_FORM_INIT_DELAY_MS } from '@tours/domain/timing';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useCardPayment, type CardPayment } from '../../../lib/card-payment/use-card-payment.ts';
import { requestAccountPaymentToken } from '../api/balance-payment.ts';
import { useAccountPaymentStore } from './account-payment-store.ts';
import { sendReceipt } from './payment-receipt.ts';

/**
 * 'Make a payment' on the card client (lib/card-payment/use-card-payment.ts),
 * with what is particular to a balance payment (spec sections 4 and 9,
 * Account payment): the token is requested 500 ms after the amount and the
 * payer are complete or after either changed (the option change's
 * re-initialisation), for the booking's outstanding balance or a one-off
 * amount; success sends the receipt (paymentTaken keeps it through a reload
 * until the server answers), then the booking is refreshed, and no new form
 * opens until the refreshed balance shows.
 */

/** The customer's own waits before a form: the balance being refreshed, the billing address, the amount. */
type AccountPaymentGate = 'updating' | 'billing' | 'amount';

export interface AccountPaymentInput {
  booking: AccountBooking;
  /** The customer with their address, or with the billing address; null while that is incomplete. */
  payer: Payer | null;
  /** Minor units to charge; null while a one-off amount is missing or invalid. */
  amount: MinorUnits | null;
  phone: string;
  onPaid: () => void;
  /** A payment was recorded, before the booking is refreshed (the form clears the one-off amount). */
  onRecorded?: () => void;
  /** Replaced in tests: jsdom cannot reload. */
  reload?: () => void;
}

export interface LastPayment {
  id: number;
  amount: MinorUnits | null;
}

export interface AccountPayment extends CardPayment<AccountPaymentGate> {
  /** The payment recorded last on this page, for the thank-you notice. */
  lastPayment: LastPayment | null;
  /** Asks about the receipt again after this page stopped asking by itself. */
  retryReceipt: () => void;
}

const balanceKeyOf = (booking: AccountBooking) => `${booking.id}|${booking.outstanding_balance.value}|${booking.outstanding_balance.currency}`;

export function useAccountPayment(input: AccountPaymentInput): AccountPayment {
  const { booking, payer, amount } = input;
  const [lastPayment, setLastPayment] = useState<LastPayment | null>(null);
  // The balance a recorded payment was made against: no new form until the refreshed booking shows the new balance.
  const [paidAgainst, setPaidAgainst] = useState<string | null>(null);
  const pending = useAccountPaymentStore((state) => state.pendingReceipt);
  const balanceKey = balanceKeyOf(booking);

  const latest = useRef(input);
  useEffect(() => {
    latest.current = input;
  });

  useEffect(() => {
    useAccountPaymentStore.getState().setPrePaymentDetails(booking.id, booking.outstanding_balance);
  }, [booking.id, booking.outstanding_balance]);

  const settle = useCallback((paymentId: string, bookingId: number, paid: MinorUnits | null) => {
    void sendReceipt({ booking_id: bookingId, payment_id: paymentId, currency: latest.current.booking.outstanding_balance.currency, amount: paid }).then(
      (result) => {
        if (result.outcome !== 'recorded' || bookingId !== latest.current.booking.id) return;
        const now = latest.current;
        setLastPayment({ id: result.id, amount: paid });
        setPaidAgainst(balanceKeyOf(now.booking));
        now.onRecorded?.();
        now.onPaid();
      },
    );
  }, []);

  // A receipt kept from before a reload (or a closed tab in this session) is sent again.
  useEffect(() => {
    const kept = useAccountPaymentStore.getState().pendingReceipt;
    if (kept) settle(kept.payment_id, kept.booking_id, kept.amount);
  }, [settle]);

  const card = useCardPayment<AccountPaymentGate>({
    store: useAccountPaymentStore,
    subject: balanceKey,
    payer,
    amount,
    gate: paidAgainst === balanceKey ? 'updating' : payer === null ? 'billing' : amount === null || amount <= 0 ? 'amount' : null,
    settling: pending !== null && pending.booking_id === booking.id,
    tokenDelayMs: PAYMENT_FORM_INIT_DELAY_MS,
    requestToken: (forPayer, forAmount, signal) =>
      requestAccountPaymentToken(
        booking.id,
        buildCardPaymentRequest({ bookingId: booking.id, currency: booking.outstanding_balance.currency, amount: forAmount, payer: forPayer }),
        signal,
      ),
    tokenOpened: (token, opened) => useAccountPaymentStore.getState().tokenOpened(token, { bookingId: booking.id, ...opened }),
    onPaid: (paymentId, paid) => {
      const store = useAccountPaymentStore.getState();
      if (store.pendingReceipt?.payment_id === paymentId) return;
      store.paymentTaken({ booking_id: booking.id, payment_id: paymentId, currency: booking.outstanding_balance.currency, amount: paid });
      settle(paymentId, booking.id, paid);
    },
    declineEndsProcessing: true,
    phone: input.phone,
    reload: input.reload,
  });

  const retryReceipt = useCallback(() => {
    const kept = useAccountPaymentStore.getState().pendingReceipt;
    if (kept) settle(kept.payment_id, kept.booking_id, kept.amount);
  }, [settle]);

  return { ...card, lastPayment, retryReceipt };
}
