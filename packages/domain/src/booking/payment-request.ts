import { alpha3ToAlpha2 } from '../countries.ts';
import type { CardPaymentRequest, PaymentAccount, PaymentTokenRequest } from '../contracts/payments.ts';
import { toProviderAmount, type CurrencyCode } from '../money.ts';
import { OPERATOR } from '../operator.ts';

/**
 * The bodies that open the card provider's inline form. Built here so the
 * booking flow and the account area describe the payer the same way.
 */

export interface PayerAddress {
  line_1: string;
  line_2?: string;
  line_3?: string;
  city: string;
  state: string;
  postal_code: string;
  /** ISO alpha-3. */
  country: string;
}

export interface Payer {
  first_name: string;
  last_name: string;
  email: string;
  address: PayerAddress;
}

/** Address lines 1-6 in the order the provider prints them; the country travels as alpha-2. */
export function paymentAccount(bookingId: number | string, payer: Payer): PaymentAccount {
  const { address } = payer;
  return {
    crm_key: String(bookingId),
    first_name: payer.first_name,
    last_name: payer.last_name,
    email: payer.email,
    address_line_1: address.line_1,
    address_line_2: address.line_2 ?? '',
    address_line_3: address.line_3 ?? '',
    address_line_4: address.city,
    address_line_5: address.state,
    address_line_6: address.postal_code,
    country: alpha3ToAlpha2(address.country),
  };
}

export interface PaymentTokenRequestInput {
  bookingId: number;
  currency: CurrencyCode;
  /** Minor units: the deposit or the full amount (see amountToPay). */
  amount: number;
  instanceKey: string;
  /** The lead participant, with the alternative billing address in place of theirs when one was given. */
  payer: Payer;
  /** An absolute logo address when the provider's form runs on another origin. */
  logo?: string;
}

/** Booking flow, step 4a. */
export function buildPaymentTokenRequest(input: PaymentTokenRequestInput): PaymentTokenRequest {
  return {
    theme: { primary_colour: OPERATOR.colours.primary, width: '100%' },
    logo: input.logo ?? OPERATOR.logoUrl,
    instance_key: input.instanceKey,
    currency: input.currency,
    amount: toProviderAmount(input.amount),
    disable: { amount: true, account: true },
    account: paymentAccount(input.bookingId, input.payer),
    save_card: false,
    display_mode: 'inline',
  };
}

/** Account area: a one-off payment towards the balance. */
export function buildCardPaymentRequest(input: Omit<PaymentTokenRequestInput, 'instanceKey' | 'logo'>): CardPaymentRequest {
  return {
    ...paymentAccount(input.bookingId, input.payer),
    currency: input.currency,
    amount: toProviderAmount(input.amount),
    frequency: 'ONEOFF',
    save_card: false,
    display_mode: 'inline',
  };
}
