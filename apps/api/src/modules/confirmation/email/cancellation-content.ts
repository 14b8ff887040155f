import { OFFLINE_PAYMENT_METHOD_LABELS, type CurrencyCode, type PaymentMethod } from '@tours/domain';
import { exactAmount, formatDates } from './content.ts';
import type { NoticeContent } from './notice.ts';
import { emailCompany } from './recipients.ts';

/**
 * What the e-mail says when staff end a booking (issue 26): a cancellation
 * with the operator's charges, an Optional booking declined, or a paid but
 * unconfirmed booking refunded. It names what was cancelled, the charge, the
 * refund and how and when each part of it arrives.
 */

/** How a booking was ended: cancelled with charges, an Optional booking declined, a paid but unconfirmed one refunded. */
export const ENDINGS = ['cancelled', 'declined', 'unconfirmed-refunded'] as const;
export type Ending = (typeof ENDINGS)[number];

export interface CancellationFacts {
  ending: Ending;
  reference: string;
  leadName: string;
  tourName: string;
  startDate: string;
  endDate: string;
  passengers: string[];
  currency: CurrencyCode;
  total: number;
  /** Paid before the cancellation, less refunds already made. */
  paid: number;
  charge: number;
  refund: number;
  /** The charge above what was paid: still owed (an agency's booking not yet paid for). */
  owed: number;
  /** The schedule's band in words ('30 to 59 days before departure: 50% of the total'); null without a charge. */
  bandLabel: string | null;
  /** Where the refund goes, by how it was paid. A refund of a payment in another currency is in that currency. */
  refunds: { method: PaymentMethod; amount: number; currency: CurrencyCode }[];
  /** Booked through a travel agent. */
  agentBooking: boolean;
  siteUrl: string;
}

const SUBJECTS: Record<Ending, (reference: string) => string> = {
  cancelled: (reference) => `Your booking ${reference} has been cancelled`,
  declined: (reference) => `We could not confirm your optional booking ${reference}`,
  'unconfirmed-refunded': (reference) => `Your booking ${reference} could not be confirmed: your payment is being refunded`,
};

/** How money goes back, by how it came: cards through the card provider, the rest as it was paid. */
function refundArrival(method: PaymentMethod, amount: string): string {
  switch (method) {
    case 'card':
      return `${amount} will be refunded to the card you paid with. Card refunds usually reach your account within 5 to 10 working days.`;
    case 'bank_transfer':
      return `${amount} will be returned by bank transfer to the account you paid from within 5 working days.`;
    case 'agency':
      return `${amount} will be returned to your travel agent, who paid it, and they will pass it on to you.`;
    case 'cheque':
    case 'cash':
      return `${amount} you paid by ${OFFLINE_PAYMENT_METHOD_LABELS[method].toLowerCase()} will be returned to you within 5 working days; we will be in touch if we need your bank details.`;
  }
}

export function cancellationContent(facts: CancellationFacts): NoticeContent {
  const money = (value: number, currency: CurrencyCode = facts.currency) => exactAmount(value, currency);
  const { company, logoUrl, contact } = emailCompany(facts.siteUrl);
  const opening: Record<Ending, string> = {
    cancelled: `We have cancelled your booking ${facts.reference} for ${facts.tourName}.`,
    declined: `We are sorry: after our availability checks we could not confirm your optional booking ${facts.reference} for ${facts.tourName}, so it has been cancelled. There is no cancellation charge.`,
    'unconfirmed-refunded': `We are sorry: we were unable to confirm your booking ${facts.reference} for ${facts.tourName}, so it has been cancelled and everything you paid is being refunded. There is no cancellation charge.`,
  };
  const paragraphs = [opening[facts.ending]];
  if (facts.ending === 'cancelled' && facts.bandLabel) paragraphs.push(`The cancellation charge follows our booking conditions: ${facts.bandLabel.charAt(0).toLowerCase()}${facts.bandLabel.slice(1)}.`);

  const rows: { label: string; value: string; strong?: boolean }[] = [
    { label: 'Total cost', value: money(facts.total) },
    { label: 'Amount paid', value: money(facts.paid) },
    { label: 'Cancellation charge', value: money(facts.charge) },
    { label: 'Refund', value: money(facts.refund), strong: true },
  ];
  if (facts.owed > 0) rows.push({ label: 'Still to pay', value: money(facts.owed), strong: true });
  // A refund of money taken in another currency (an Unconfirmed booking's) is said in that currency, line by line.
  const other = facts.refunds.filter((refund) => refund.currency !== facts.currency);
  for (const refund of other) rows.push({ label: 'Refund in another currency', value: money(refund.amount, refund.currency), strong: true });

  const closing: string[] = [];
  const byMethod = new Map<string, { method: PaymentMethod; currency: CurrencyCode; amount: number }>();
  for (const refund of facts.refunds) {
    const key = `${refund.method}:${refund.currency}`;
    const entry = byMethod.get(key) ?? { method: refund.method, currency: refund.currency, amount: 0 };
    entry.amount += refund.amount;
    byMethod.set(key, entry);
  }
  for (const entry of byMethod.values()) closing.push(refundArrival(entry.method, money(entry.amount, entry.currency)));
  if (facts.refunds.length === 0) closing.push('There is nothing to refund.');
  if (facts.owed > 0) {
    closing.push(
      facts.agentBooking
        ? `Your travel agent will settle the remaining ${money(facts.owed)} of the cancellation charge with us.`
        : `${money(facts.owed)} of the cancellation charge is still to pay: our team will be in touch.`,
    );
  }
  if (facts.ending === 'cancelled') closing.push('The booking no longer appears in your account, and its documents are no longer valid.');

  return {
    subject: SUBJECTS[facts.ending](facts.reference),
    preview: `${facts.tourName}, ${formatDates(facts.startDate, facts.endDate)}. Refund: ${money(facts.refund)}.`,
    heading: facts.ending === 'cancelled' ? 'Your booking has been cancelled' : 'We could not confirm your booking',
    greeting: `Dear ${facts.leadName},`,
    paragraphs,
    reference: facts.reference,
    facts: [
      { label: 'Tour', values: [facts.tourName] },
      { label: facts.startDate === facts.endDate ? 'Date' : 'Dates', values: [formatDates(facts.startDate, facts.endDate)] },
      { label: facts.passengers.length === 1 ? 'Passenger' : 'Passengers', values: facts.passengers },
    ],
    figures: { heading: 'Your money', rows },
    closing,
    accountUrl: `${facts.siteUrl}/account`,
    contact: contact(facts.reference),
    logoUrl,
    company,
  };
}
