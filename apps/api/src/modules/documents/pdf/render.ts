import { balanceDuePhrase, formatLongDate, OPERATOR, operatorDate } from '@tours/domain';
import type { DocumentFacts, ItineraryDay } from '../facts.ts';
import { documentHeading, TEMPLATES } from '../templates.ts';
import {
  accountSections,
  balanceNote,
  bookingDetails,
  componentsSection,
  contactNote,
  money,
  passengersSection,
  paymentsSection,
  postalAddressLines,
  totalsSection,
  tourDates,
} from './sections.ts';
import { PdfWriter } from './writer.ts';

/**
 * Draws one booking document as an A4 PDF from the booking's facts as they
 * are at `now`. Each template says what it is for; all of them show the
 * booking, passengers, what was booked, totals, payments and the balance.
 */
export interface RenderInput {
  template: string | null;
  facts: DocumentFacts;
  /** The tour's days, for the itinerary. */
  itinerary?: readonly ItineraryDay[];
  now: Date;
  /** 'YYYY-MM-DD' the outstanding balance falls due (BALANCE_DUE_DAYS before departure); null when nothing is owed. */
  balanceDue: string | null;
}

type Body = (w: PdfWriter, input: RenderInput) => void;

const confirmation: Body = (w, { facts, now, balanceDue }) => {
  const optional = facts.status === 'Optional';
  w.paragraph(`Dear ${facts.billTo.name},`);
  w.paragraph(
    optional
      ? `Thank you for booking with ${OPERATOR.companyName}. Your booking is optional while we make our final checks on this departure; we will be in touch to confirm it.`
      : `Thank you for booking with ${OPERATOR.companyName}. This confirms your booking; please check the details below and tell us at once if anything is not right.`,
  );
  bookingDetails(w, facts);
  passengersSection(w, facts);
  accountSections(w, facts, balanceDue, now);
  contactNote(w);
};

const invoice: Body = (w, { facts, now, balanceDue }) => {
  w.heading('Bill to');
  w.paragraph([facts.billTo.name, ...postalAddressLines(facts.billTo.address), ...(facts.billTo.email ? [facts.billTo.email] : [])].join('\n'));
  w.details([
    ['Invoice date', formatLongDate(operatorDate(now))],
    ['From', OPERATOR.legalName],
    ['Booking reference', facts.reference],
    ['Tour', facts.tourName],
    ['Dates', tourDates(facts)],
    ['Amount due', money(facts, facts.outstanding)],
    ...(balanceDue ? ([['Balance', balanceDuePhrase(balanceDue, now)]] as const) : []),
  ]);
  passengersSection(w, facts);
  componentsSection(w, facts, 'Charges');
  totalsSection(w, facts);
  paymentsSection(w, facts);
  w.heading('Amount due');
  w.paragraph(money(facts, facts.outstanding), { bold: true, size: 16 });
  balanceNote(w, facts, balanceDue, now);
  contactNote(w);
};

const atolCertificate: Body = (w, { facts, now, balanceDue }) => {
  w.paragraph(
    `This ATOL certificate confirms that the flight-inclusive booking below is protected under the ATOL scheme by ${OPERATOR.legalName}, ATOL number ${OPERATOR.atolNumber}. ` +
      'If the ATOL holder cannot provide the services listed because of its insolvency, the scheme makes sure you can finish your trip or have your money back, and are not stranded abroad. ' +
      'Please keep this certificate with your travel documents.',
  );
  w.heading('Certificate');
  w.details([
    ['ATOL holder', OPERATOR.legalName],
    ['ATOL number', OPERATOR.atolNumber],
    ['Unique reference', facts.reference],
    ['Date of issue', formatLongDate(operatorDate(now))],
    ['Tour', facts.tourName],
    ['Dates', tourDates(facts)],
  ]);
  passengersSection(w, facts, { heading: 'Who is protected' });
  componentsSection(w, facts, 'What is protected');
  totalsSection(w, facts);
  paymentsSection(w, facts);
  balanceNote(w, facts, balanceDue, now);
  contactNote(w);
};

const itinerary: Body = (w, { facts, itinerary: days = [], now, balanceDue }) => {
  bookingDetails(w, facts);
  w.heading('Day by day');
  if (days.length === 0) w.paragraph('The day-by-day itinerary will follow with your final documents.');
  for (const day of days) {
    w.ensureSpace(48);
    w.paragraph(`Day ${day.day}, ${formatLongDate(day.date)}: ${day.title}`, { bold: true });
    w.paragraph(day.description);
  }
  passengersSection(w, facts);
  accountSections(w, facts, balanceDue, now);
  contactNote(w);
};

const bookingRecord: Body = (w, { facts, now, balanceDue }) => {
  bookingDetails(w, facts);
  passengersSection(w, facts, { datesOfBirth: true });
  accountSections(w, facts, balanceDue, now);
};

/** A document made by hand, or of a template we do not draw specially: the booking as it stands. */
const general: Body = (w, { facts, now, balanceDue }) => {
  bookingDetails(w, facts);
  passengersSection(w, facts);
  accountSections(w, facts, balanceDue, now);
  contactNote(w);
};

const BODIES: Readonly<Record<string, Body>> = {
  [TEMPLATES.bookingConfirmation]: confirmation,
  [TEMPLATES.invoice]: invoice,
  [TEMPLATES.atolCertificate]: atolCertificate,
  [TEMPLATES.itinerary]: itinerary,
  [TEMPLATES.bookingRecord]: bookingRecord,
};

export async function renderBookingDocument(input: RenderInput): Promise<Buffer> {
  const w = new PdfWriter({
    heading: documentHeading(input.template),
    reference: input.facts.reference,
    issuedOn: formatLongDate(operatorDate(input.now)),
    now: input.now,
  });
  (BODIES[input.template?.trim() ?? ''] ?? general)(w, input);
  return w.finish();
}
