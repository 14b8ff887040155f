import { postalAddressSchema } from '@tours/domain/account/forms';
import type { ParticipantDraft } from '@tours/domain/booking/passengers';
import { buildPaymentTokenRequest, type Payer, type PayerAddress } from '@tours/domain/booking/payment-request';
import type { PaymentTokenRequest } from '@tours/domain/contracts/payments';
import type { CurrencyCode } from '@tours/domain/money';
import type { BillingAddress } from '../../../components/forms/billing-address-form.tsx';
import type { FlowPassenger, LeadContact } from '../store/booking-store.ts';

/**
 * Who pays (spec section 7, Payment token request): the first passenger,
 * with the alternative billing address in place of theirs when one is given.
 */

/** Names this site (the booking flow, as against the account area) to the provider. */
export const PAYMENT_INSTANCE_KEY = 'booking-site';

/**
 * The lead's e-mail and address as the booking was created with them. A
 * booking made before the contact was kept falls back to the participant
 * form's lead, but only while that form still describes the same person.
 */
export function leadPayer(
  lead: FlowPassenger | undefined,
  contact: LeadContact | null,
  draft: ParticipantDraft | undefined,
): Payer | null {
  if (!lead) return null;
  const names = { first_name: lead.given_name, last_name: lead.family_name };
  if (contact) return { ...names, email: contact.email, address: contact.address };
  const address = postalAddressSchema.safeParse(draft?.address);
  if (!draft || draft.id !== lead.id || !address.success || draft.email.trim() === '') return null;
  return { ...names, email: draft.email.trim(), address: address.data };
}

/** The lead with the billing address in place of theirs; null while it is incomplete. */
export function payerWith(lead: Payer | null, billing: BillingAddress | null, altBilling: boolean): Payer | null {
  if (!lead) return null;
  if (!altBilling) return lead;
  return billing ? { ...lead, address: billing as PayerAddress } : null;
}

/**
 * The body of POST /bookings/payments/token. The logo stays a path on this
 * site: the provider resolves it against the allowed origin (its README).
 */
export function tokenRequestFor(input: { bookingId: number; currency: CurrencyCode; amount: number; payer: Payer }): PaymentTokenRequest {
  return buildPaymentTokenRequest({ ...input, instanceKey: PAYMENT_INSTANCE_KEY });
}
