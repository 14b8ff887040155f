import { alpha2ToAlpha3, VALIDATION, type PaymentAccount } from '@tours/domain';
import type { GatewayPayer } from '../../adapters/payments/index.ts';

/**
 * The payer the card form prints: the lead participant, with the alternative
 * billing address in place of theirs when one was given (spec section 7). The
 * participant and billing forms require the same fields, so a request missing
 * one did not come from them; the messages are theirs. The crm key is never
 * taken from the browser: the booking decides it.
 */
export function checkPayer(account: PaymentAccount): { payer: GatewayPayer; fields: Record<string, string> } {
  const trimmed = {
    first_name: account.first_name.trim(),
    last_name: account.last_name.trim(),
    email: account.email.trim(),
    address_line_1: account.address_line_1.trim(),
    address_line_2: account.address_line_2.trim(),
    address_line_3: account.address_line_3.trim(),
    address_line_4: account.address_line_4.trim(),
    address_line_5: account.address_line_5.trim(),
    address_line_6: account.address_line_6.trim(),
    country: account.country.trim().toUpperCase(),
  };
  const fields: Record<string, string> = {};
  const require = (key: keyof typeof trimmed, message: string) => {
    if (trimmed[key] === '') fields[`account.${key}`] = message;
  };
  require('first_name', VALIDATION.firstNameRequired);
  require('last_name', VALIDATION.lastNameRequired);
  require('email', VALIDATION.emailRequired);
  require('address_line_1', VALIDATION.line1Required);
  require('address_line_4', VALIDATION.cityRequired);
  require('address_line_5', VALIDATION.stateRequired);
  require('address_line_6', VALIDATION.postalCodeRequired);
  if (!alpha2ToAlpha3(trimmed.country)) fields['account.country'] = VALIDATION.countryRequired;
  return { payer: trimmed, fields };
}

/** What the provider accepts as a logo: nothing, a path on our origin ('/logo.svg'), or an http(s) address. */
export const isAcceptableLogo = (logo: string) => logo === '' || /^\/(?!\/)/.test(logo) || /^https?:\/\/[^\s]+$/.test(logo);
