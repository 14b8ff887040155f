import {
  agencySettlesBalanceRefusal,
  balanceSettler,
  formatAmount,
  fromProviderAmount,
  isPermittedBalancePayment,
  isSettled,
  OPERATOR,
  outstandingBalance,
  VALIDATION,
  type cardPaymentRequestSchema,
  type PaymentPurpose,
  type PaymentToken,
} from '@tours/domain';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { ProviderInBrowser } from '../../adapters/payments/index.ts';
import { conflict, validationFailed } from '../../lib/http-error.ts';
import { bookingTotals, lockBookingForSettlement } from '../bookings/index.ts';
import { amountPaid, checkPayer, openProviderRequest } from '../payments/index.ts';
import { agencyOfBooking } from './read-bookings.ts';

/** The provider's name for our site's forms, the booking flow's too. */
const INSTANCE_KEY = 'booking-site';

export const NO_BALANCE = 'There is no outstanding balance on this booking.';

export interface OpenBalancePayment {
  bookingId: number;
  body: z.output<typeof cardPaymentRequestSchema>;
  /** The site's origin for the visitor's request: the page that frames the form. */
  allowedOrigin: string;
  browser: ProviderInBrowser;
  requestId: string;
}

/**
 * 'Make a payment' (spec section 4, Account payment): opens a card payment
 * towards a settled booking's outstanding balance, for the whole balance or
 * a one-off part of it, checked against the server's own figures (the
 * booking's priced lines less its verified payments), never the browser's.
 * Paying the whole balance is the 'balance' purpose, any smaller amount
 * 'one-off'. The payment that comes through it is settled by the one
 * settlement path, which never changes the booking's status. A travel
 * agent's booking is refused: its balance is the agency's (balanceSettler).
 */
export async function openBalancePayment(app: FastifyInstance, input: OpenBalancePayment): Promise<PaymentToken> {
  const { bookingId, body } = input;
  const { payer, fields: payerFields } = checkPayer(body);
  // The account's request is flat: its payer fields are named without the booking flow's 'account.'.
  const fields: Record<string, string> = Object.fromEntries(Object.entries(payerFields).map(([path, message]) => [path.replace(/^account\./, ''), message]));

  const { amount, purpose, currency } = await app.db.transaction(async (tx) => {
    // Under the booking's lock, as settlement reads it, so a payment being applied is either counted or not yet there.
    const booking = await lockBookingForSettlement(tx, bookingId);
    if (!isSettled(booking)) throw conflict(`This booking is ${booking.status}: its balance cannot be paid online.`);
    // A travel agent's booking is settled by the agency: its client paying too would pay it twice.
    const settler = balanceSettler({ agency: await agencyOfBooking(tx, bookingId) });
    if (settler.by === 'agency') throw conflict(agencySettlesBalanceRefusal(settler.agencyName));
    if (body.currency !== booking.currency) fields.currency = `This booking is priced in ${booking.currency}: pay in ${booking.currency}.`;
    if (Object.keys(fields).length > 0) throw validationFailed(fields);

    const [{ details }, paid] = await Promise.all([bookingTotals(tx, bookingId, booking.currency, booking), amountPaid(tx, bookingId)]);
    const outstanding = outstandingBalance(details.total_price.value, paid);
    const value = fromProviderAmount(body.amount) ?? Number.NaN;
    if (outstanding === 0) throw validationFailed({ amount: NO_BALANCE });
    if (!isPermittedBalancePayment(value, outstanding)) {
      throw validationFailed({ amount: `${VALIDATION.amountAboveBalance} (${formatAmount(outstanding, booking.currency, { pence: 'always' })}).` });
    }
    const paying: PaymentPurpose = value === outstanding ? 'balance' : 'one-off';
    return { amount: value, purpose: paying, currency: booking.currency };
  });

  return openProviderRequest(app.db, {
    gateway: app.adapters.payments,
    request: {
      amount,
      currency,
      // Our booking id, whatever the browser sent as crm_key: the receipt checks the provider echoes it back.
      crmKey: String(bookingId),
      instanceKey: INSTANCE_KEY,
      theme: { primaryColour: OPERATOR.colours.primary, width: '100%' },
      logo: OPERATOR.logoUrl,
      payer,
      allowedOrigin: input.allowedOrigin,
    },
    bookingId,
    purpose,
    provider: app.config.payments.provider,
    browser: input.browser,
    now: app.clock.now(),
    requestId: input.requestId,
    actor: 'customer',
  });
}
