import { documentTitle, isSettled, type BookingStatus } from '@tours/domain';

/**
 * The reservations system's document templates and when a booking shows
 * each one (spec section 2, Documents tab; issue #12). The titles are the
 * domain's (DOCUMENT_TITLES), the web's cards say the same.
 */
export const TEMPLATES = {
  /** 'Booking confirmation': issued at confirmation, shown from then on. */
  bookingConfirmation: 'CustomerInvoice',
  /** 'Invoice': issued at confirmation, shown while a balance is outstanding. */
  invoice: 'BalanceReminder3',
  /** 'ATOL certificate': issued at confirmation for a booking with flights, shown while it has them. */
  atolCertificate: 'ATOLPackage',
  /** The day-by-day itinerary, added by staff. */
  itinerary: 'ItineraryPack',
  /** Internal paperwork: listed by the API, hidden by the web (HIDDEN_DOCUMENT_TEMPLATES). */
  bookingRecord: 'Additional11',
} as const satisfies Record<string, string>;

/** What decides which documents a booking shows, read from the booking now. */
export interface DocumentState {
  status: BookingStatus;
  reference: string | null;
  /** Minor units still to pay (outstandingBalance). */
  outstanding: number;
  hasFlights: boolean;
}

/**
 * Whether a booking shows a document of this template now. Documents belong
 * to settled bookings (Confirmed, or Optional with its reference): a
 * cancelled or unconfirmed booking shows none, since a confirmation or an
 * ATOL certificate for it would mislead. The invoice goes once the balance is
 * paid; the ATOL certificate needs flights.
 */
export function isShown(template: string | null, state: DocumentState): boolean {
  if (!isSettled(state)) return false;
  if (template === TEMPLATES.invoice) return state.outstanding > 0;
  if (template === TEMPLATES.atolCertificate) return state.hasFlights;
  return true;
}

/** The templates confirmation issues: the booking confirmation, the invoice, and the ATOL certificate when there are flights. */
export function confirmationTemplates(hasFlights: boolean): string[] {
  return [TEMPLATES.bookingConfirmation, TEMPLATES.invoice, ...(hasFlights ? [TEMPLATES.atolCertificate] : [])];
}

/** Headings of documents the domain leaves to their template name, in words a traveller reads. */
const HEADINGS: Readonly<Record<string, string>> = {
  [TEMPLATES.itinerary]: 'Itinerary',
  [TEMPLATES.bookingRecord]: 'Booking record',
};

/** The document's heading: the domain's title ('Booking confirmation', 'Document' with no template), or a readable one. */
export const documentHeading = (template: string | null): string => HEADINGS[template?.trim() ?? ''] ?? documentTitle(template);

const fileSafe = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

/** 'MER-480153-booking-confirmation.pdf': the reference and the heading, safe in any file system and header. */
export const documentFileName = (reference: string, template: string | null): string =>
  `${fileSafe(reference)}-${fileSafe(documentHeading(template)).toLowerCase()}.pdf`;
