import {
  amountToPay,
  awaitsSettlement,
  depositOffered,
  formatAmount,
  fromProviderAmount,
  isPermittedAmount,
  type PaymentOption,
  type PaymentToken,
  type paymentTokenRequestSchema,
} from '@tours/domain';
import type { z } from 'zod';
import type { PaymentGateway, ProviderInBrowser } from '../../adapters/payments/index.ts';
import type { Database } from '../../db/client.ts';
import type { Instant } from '../../lib/clock.ts';
import { conflict, notFound, validationFailed } from '../../lib/http-error.ts';
import { extendHolds, hasLiveSelections } from '../inventory/index.ts';
import { checkPayer, isAcceptableLogo, openProviderRequest } from '../payments/index.ts';
import { lockBooking } from './repository.ts';
import type { BookingSession } from './session.ts';
import { bookingTotals } from './totals.ts';

export const NOTHING_TO_PAY = 'Choose your travel arrangements first: this booking has nothing to pay for yet.';

export interface OpenPayment {
  session: BookingSession;
  body: z.output<typeof paymentTokenRequestSchema>;
  gateway: PaymentGateway;
  provider: string;
  /** The site's origin for the visitor's request: the page that frames the form (lib/site-origin.ts). */
  allowedOrigin: string;
  /** Where that page loads the provider's script from (PaymentGateway.browserFor). */
  browser: ProviderInBrowser;
  now: Date;
  /** The database's 'now' (Clock.databaseNow()), which holds are judged by. */
  databaseNow: Instant;
  requestId: string;
}

/**
 * Opens a card payment for the booking: checks the amount against what the
 * booking costs now (the deposit on offer, or the full amount with any
 * promotion already deducted), asks the provider for a token bound to our
 * booking id, that amount and currency, and records the intent so that
 * confirmation can tell a payment we asked for from any other.
 */
export async function openPayment(db: Database, input: OpenPayment): Promise<PaymentToken> {
  const { session, body, now } = input;
  const fields: Record<string, string> = {};
  if (body.currency !== session.currency) fields.currency = `This booking is priced in ${session.currency}: pay in ${session.currency}.`;
  if (!isAcceptableLogo(body.logo)) fields.logo = 'Use a path such as /logo.svg or an http(s) address';
  if (body.instance_key.length > 100) fields.instance_key = 'The maximum length allowed is 100';
  const { payer, fields: payerFields } = checkPayer(body.account);
  Object.assign(fields, payerFields);
  if (Object.keys(fields).length > 0) throw validationFailed(fields);

  // Read under the booking's lock, so a promotion or new selections being saved cannot change the total halfway.
  const { amount, option } = await db.transaction(async (tx) => {
    const booking = await lockBooking(tx, session.bookingId);
    if (!booking) throw notFound('The booking no longer exists.');
    if (!awaitsSettlement(booking)) throw conflict(`This booking is ${booking.status}: there is nothing more to pay here.`);
    if (!(await hasLiveSelections(tx, session.bookingId, input.databaseNow))) throw validationFailed({ amount: NOTHING_TO_PAY });
    const { details, promotionActive } = await bookingTotals(tx, session.bookingId, session.currency, session);
    if (!isPermittedAmount(body.amount, details, promotionActive)) {
      const full = formatAmount(amountToPay(details, 'full', promotionActive), session.currency, { pence: 'always' });
      const allowed = depositOffered(details, promotionActive)
        ? `the deposit of ${formatAmount(details.deposit.value, session.currency, { pence: 'always' })} or the full amount of ${full}`
        : `the full amount of ${full}`;
      throw validationFailed({ amount: `This booking can be paid with ${allowed}.` });
    }
    const value = fromProviderAmount(body.amount)!;
    const paying: PaymentOption = depositOffered(details, promotionActive) && value === details.deposit.value ? 'deposit' : 'full';
    return { amount: value, option: paying };
  });

  return openProviderRequest(db, {
    gateway: input.gateway,
    request: {
      amount,
      currency: session.currency,
      // Our booking id, whatever the browser sent: confirmation checks the provider echoes it back.
      crmKey: String(session.bookingId),
      instanceKey: body.instance_key,
      theme: { primaryColour: body.theme.primary_colour, width: body.theme.width },
      logo: body.logo,
      payer,
      allowedOrigin: input.allowedOrigin,
    },
    bookingId: session.bookingId,
    purpose: option,
    provider: input.provider,
    browser: input.browser,
    now,
    requestId: input.requestId,
    actor: 'visitor',
    // The places stay held while the form can take money, so a payment never arrives for places already given away.
    withIntent: (tx, expiresAt) => extendHolds(tx, { bookingId: session.bookingId, until: expiresAt, now: input.databaseNow, updatedAt: now }),
  });
}

