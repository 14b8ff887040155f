import { balanceDueDate, balanceDueDaysFor, formatPersonName, operatorDate, priceLines, settledBookingStatus, type BookingStatus, type CurrencyCode } from '@tours/domain';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { agentsReadModel } from '../../agents/index.ts';
import { bookingsReadModel, listComponents, totalsFromLines, type ComponentLine } from '../../bookings/index.ts';
import { documentFileName, PDF_CONTENT_TYPE, TEMPLATES } from '../../documents/index.ts';
import { enqueueMail, type OutboxAttachment } from '../../mail/index.ts';
import { amountPaid } from '../../payments/index.ts';
import { confirmationContent, type ConfirmationContent, type ConfirmationFacts } from './content.ts';
import type * as HtmlRenderer from './render.ts';
import { confirmationText } from './text.ts';

const { bookings, bookingPassengers } = bookingsReadModel;
const { agents, agentStaff } = agentsReadModel;

/** What the confirming transaction already read of the booking, its departure and tour. */
export interface ConfirmedBookingFacts {
  id: number;
  currency: CurrencyCode;
  brandChannel: number;
  /** The deposit percentage the booking was sold under. */
  depositPercent: number;
  tourName: string;
  startDate: string;
  endDate: string;
  /** The departure's own days before the start the balance falls due (null: the operator's). */
  balanceDueDays: number | null;
  /** The status it settles with (or stands at): an Optional booking's e-mail says it is optional. */
  status?: BookingStatus;
}

/**
 * The HTML template pulls in React and react-email (about 0.2 s to load), so
 * it is loaded the first time an e-mail is written, not when the API starts.
 */
let htmlRenderer: Promise<typeof HtmlRenderer> | null = null;
export function loadHtmlRenderer(): Promise<typeof HtmlRenderer> {
  // A failed load is tried again next time rather than remembered.
  htmlRenderer ??= import('./render.ts').catch((error: unknown) => {
    htmlRenderer = null;
    throw error;
  });
  return htmlRenderer;
}

export async function renderConfirmationHtml(content: ConfirmationContent): Promise<string> {
  return (await loadHtmlRenderer()).renderConfirmationHtml(content);
}

/**
 * The HTML part, or none when it cannot be written: a fault in the template
 * must never undo the confirmation of a paid booking, and the plain-text part
 * alone still tells the customer everything. The warning reaches the server's log.
 */
async function htmlPartOrNone(content: ConfirmationContent, bookingId: number): Promise<string | null> {
  try {
    return await renderConfirmationHtml(content);
  } catch (error) {
    process.emitWarning(`The confirmation e-mail of booking ${bookingId} goes as plain text only: its HTML part failed (${String(error)})`, {
      code: 'CONFIRMATION_EMAIL_HTML',
    });
    return null;
  }
}

/** What was paid on a booking and what it costs, in minor units of its currency. */
export interface PaidAndTotal {
  paid: number;
  total: number;
}

/**
 * Queues the confirmation e-mail to the lead passenger (copied to the travel
 * agent staff member of an agent's booking), in the transaction
 * that confirms the booking: it is sent if and only if the confirmation
 * commits, and at most once per booking (its message key). It has an HTML
 * part in the operator's colours, a plain-text part with the same facts, and
 * the booking confirmation PDF attached when the booking has one (issued by
 * confirmation just before).
 * Answers whether it was queued (not when the lead has no e-mail address to
 * send to) and the paid and total figures it read, which the confirming
 * transaction reuses rather than reading them again.
 */
export async function queueConfirmationEmail(
  db: Database,
  input: {
    booking: ConfirmedBookingFacts;
    reference: string;
    publicUrl: string;
    /** The BALANCE_DUE_DAYS setting, which dates the balance. */
    balanceDueDays: number;
    /** The booking's lines, when the confirming transaction has read them: not read again. */
    lines?: ComponentLine[];
    /** The booking confirmation document's id (issueConfirmationDocuments answers it); null: none. */
    confirmationDocumentId: number | null;
    /**
     * The outbox's key: once per booking by default. Staff sending it again
     * ('resend', once per Idempotency-Key) or confirming an Optional booking
     * use a key of their own.
     */
    messageKey?: string;
  },
): Promise<{ queued: boolean; figures: PaidAndTotal; messageId: number | null; to: string | null; subject: string | null }> {
  const { booking } = input;
  const bookingId = booking.id;
  const [passengers, rows, paid, [settled]] = await Promise.all([
    db.select().from(bookingPassengers).where(eq(bookingPassengers.bookingId, bookingId)).orderBy(asc(bookingPassengers.position)),
    input.lines ?? listComponents(db, bookingId),
    amountPaid(db, bookingId),
    db
      .select({ confirmedDate: bookings.confirmedDate, agentStaffEmail: agentStaff.email, agencyName: agents.name })
      .from(bookings)
      .leftJoin(agentStaff, eq(agentStaff.id, bookings.agentStaffId))
      .leftJoin(agents, eq(agents.id, bookings.agentId))
      .where(eq(bookings.id, bookingId)),
  ]);
  const { details } = totalsFromLines(rows, booking.currency, booking);
  const figures = { paid, total: details.total_price.value };
  const lead = passengers.find((passenger) => passenger.isLead) ?? passengers[0];
  const to = lead?.email?.trim();
  if (!lead || !to) return { queued: false, figures, messageId: null, to: null, subject: null };
  // A travel agent's booking: the staff member who made it gets an open copy, as the client's agent.
  const cc = settled?.agentStaffEmail && settled.agentStaffEmail !== to.toLowerCase() ? settled.agentStaffEmail : null;

  // The domain's one pricing of a booking line by line: what the review showed, adding up to the total charged.
  const lines = priceLines(rows);
  const fullName = (p: (typeof passengers)[number]) => formatPersonName({ title: p.title, forename: p.givenName, surname: p.familyName });
  const facts: ConfirmationFacts = {
    reference: input.reference,
    status: booking.status && settledBookingStatus(booking.status) === 'Optional' ? 'Optional' : 'Confirmed',
    leadName: fullName(lead),
    email: to,
    tourName: booking.tourName,
    startDate: booking.startDate,
    endDate: booking.endDate,
    balanceDueDate: balanceDueDate(booking.startDate, balanceDueDaysFor(booking.balanceDueDays, input.balanceDueDays)),
    passengers: passengers.map(fullName),
    lines,
    currency: booking.currency,
    total: details.total_price.value,
    paid,
    siteUrl: input.publicUrl.replace(/\/+$/, ''),
    confirmedOn: operatorDate(settled?.confirmedDate ?? new Date()),
    agency: settled?.agencyName ?? null,
  };
  const content = confirmationContent(facts);
  const html = await htmlPartOrNone(content, bookingId);
  // The booking confirmation PDF, drawn when the e-mail is sent (the outbox names it, docs/decisions/0012-booking-documents.md).
  const attachments: OutboxAttachment[] =
    input.confirmationDocumentId === null
      ? []
      : [
          {
            kind: 'booking-document',
            documentId: input.confirmationDocumentId,
            filename: documentFileName(input.reference, TEMPLATES.bookingConfirmation),
            contentType: PDF_CONTENT_TYPE,
          },
        ];
  const messageId = await enqueueMail(db, {
    to,
    cc,
    subject: content.subject,
    text: confirmationText(content),
    html,
    attachments,
    bookingId,
    messageKey: input.messageKey ?? `booking-confirmed:${bookingId}`,
  });
  return { queued: true, figures, messageId, to, subject: content.subject };
}
