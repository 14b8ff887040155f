import { addressLines, agencySettlesBalanceText, balanceDueSentence, calendarDateIn, countryName, formatAmount, formatLongDate, formatShortDate, OPERATOR, regionContact, settledThroughAgency } from '@tours/domain';
import type { ComponentType } from '../../bookings/index.ts';
import type { PostalAddress } from '../../../db/json-types.ts';
import type { DocumentFacts } from '../facts.ts';
import type { PdfWriter } from './writer.ts';

/**
 * The parts every booking document shows: the booking, its passengers, what
 * was booked, the totals, the payments and the outstanding balance. Money is
 * the domain's formatAmount in the booking's currency, to the penny when
 * there are pence, so every figure matches the account area and the card
 * charges.
 */

const COMPONENT_TYPE_LABELS: Record<ComponentType, string> = {
  Tour: 'Tour',
  Flight: 'Flight',
  Accommodation: 'Accommodation',
  Extra: 'Extra',
  AdditionalNight: 'Additional night',
  PromotionalCode: 'Promotion',
};

/** An instant as the London office's calendar date: '4 March 2027'. */
export const operatorLongDate = (instant: Date) => formatLongDate(calendarDateIn(instant, OPERATOR.timeZone));
const operatorShortDate = (instant: Date) => formatShortDate(calendarDateIn(instant, OPERATOR.timeZone));

export const money = (facts: Pick<DocumentFacts, 'currency'>, value: number) => formatAmount(value, facts.currency);

export function postalAddressLines(address: PostalAddress | null): string[] {
  if (!address) return [];
  return [address.line_1, address.line_2, address.line_3, address.city, address.state, address.postal_code, countryName(address.country) || address.country].filter(
    (line): line is string => typeof line === 'string' && line.trim() !== '',
  );
}

export const tourDates = (facts: Pick<DocumentFacts, 'startDate' | 'endDate'>) =>
  facts.startDate === facts.endDate ? formatLongDate(facts.startDate) : `${formatLongDate(facts.startDate)} to ${formatLongDate(facts.endDate)}`;

export function bookingDetails(w: PdfWriter, facts: DocumentFacts): void {
  w.heading('Booking details');
  const lead = facts.passengers.find((passenger) => passenger.isLead) ?? facts.passengers[0];
  w.details([
    ['Booking reference', facts.reference],
    ['Tour', facts.tourName],
    ['Dates', tourDates(facts)],
    ['Status', facts.status],
    ...(facts.confirmedDate ? ([['Confirmed on', operatorLongDate(facts.confirmedDate)]] as const) : []),
    ...(lead ? ([['Lead passenger', lead.name]] as const) : []),
  ]);
}

export function passengersSection(w: PdfWriter, facts: DocumentFacts, options: { heading?: string; datesOfBirth?: boolean } = {}): void {
  w.heading(options.heading ?? 'Passengers');
  w.table(
    [
      { header: 'No.', width: 0.08 },
      { header: 'Name', width: options.datesOfBirth ? 0.62 : 0.92 },
      ...(options.datesOfBirth ? [{ header: 'Date of birth', width: 0.3 }] : []),
    ],
    facts.passengers.map((passenger, index) => ({
      cells: [
        String(index + 1),
        passenger.isLead ? `${passenger.name} (lead passenger)` : passenger.name,
        ...(options.datesOfBirth ? [passenger.dateOfBirth ? formatLongDate(passenger.dateOfBirth) : ''] : []),
      ],
    })),
  );
}

export function componentsSection(w: PdfWriter, facts: DocumentFacts, heading = 'Your booking'): void {
  w.heading(heading);
  if (facts.components.length === 0) {
    w.paragraph('No items found');
    return;
  }
  w.table(
    [
      { header: 'Name', width: 0.52 },
      { header: 'Type', width: 0.2 },
      { header: 'Qty', width: 0.08, align: 'right' },
      { header: 'Cost', width: 0.2, align: 'right' },
    ],
    facts.components.map((component) => ({
      cells: [component.name, COMPONENT_TYPE_LABELS[component.type], String(component.quantity), component.price === 0 ? 'Included' : money(facts, component.price)],
    })),
  );
}

/** Total cost, paid to date and the outstanding balance, the last one bold. */
export function totalsSection(w: PdfWriter, facts: DocumentFacts): void {
  w.table(
    [
      { header: 'Account', width: 0.72 },
      { header: facts.currency, width: 0.28, align: 'right' },
    ],
    [
      { cells: ['Total cost', money(facts, facts.total)] },
      { cells: ['Paid to date', money(facts, facts.paid)] },
      { cells: ['Outstanding balance', money(facts, facts.outstanding)], bold: true },
    ],
  );
}

export function paymentsSection(w: PdfWriter, facts: DocumentFacts): void {
  w.heading('Payments received');
  if (facts.payments.length === 0) {
    w.paragraph('No payments have been received yet.');
    return;
  }
  w.table(
    [
      { header: 'Date', width: 0.2 },
      { header: 'Reference', width: 0.34 },
      { header: 'Status', width: 0.2 },
      { header: 'Amount', width: 0.26, align: 'right' },
    ],
    facts.payments.map((payment) => ({ cells: [operatorShortDate(payment.date), payment.reference, payment.status, money(facts, payment.amount)] })),
  );
}

/** What is still to pay, by when (the domain's one wording of the due date) and how, or that nothing is. */
export function balanceNote(w: PdfWriter, facts: DocumentFacts, balanceDue: string | null, now: Date): void {
  if (facts.outstanding > 0 && facts.settler.by === 'agency') {
    w.paragraph(`The balance of ${formatAmount(facts.outstanding, facts.currency, { pence: 'always' })} is ${settledThroughAgency(facts.settler.agencyName)}. ${agencySettlesBalanceText(facts.settler.agencyName)}`);
  } else if (facts.outstanding > 0 && balanceDue) {
    w.paragraph(
      `${balanceDueSentence(facts.outstanding, facts.currency, balanceDue, now)} You can pay it online: sign in to your account on our website, open this booking and choose 'Make a payment'. ` +
        `Or call our relationship team on ${OPERATOR.relationshipTeamPhone}.`,
    );
  } else {
    w.paragraph('No outstanding balance: this booking is paid in full. Thank you.', { bold: true, colour: '#2d6a3e' });
  }
}

/** The booking's money in full: what was booked, the totals, the payments and what is left to pay. */
export function accountSections(w: PdfWriter, facts: DocumentFacts, balanceDue: string | null, now: Date): void {
  componentsSection(w, facts);
  totalsSection(w, facts);
  paymentsSection(w, facts);
  balanceNote(w, facts, balanceDue, now);
}

export function contactNote(w: PdfWriter): void {
  const contact = regionContact('DEFAULT');
  w.paragraph(
    `Questions about your booking? Call our relationship team on ${OPERATOR.relationshipTeamPhone}, or write to us at ${addressLines(contact.address).join(', ')}.`,
    { size: 9, colour: '#55524c' },
  );
}
