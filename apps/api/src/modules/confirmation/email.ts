import { formatAmount, formatLongDate, OPERATOR, type CurrencyCode } from '@tours/domain';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { bookingPassengers } from '../../db/schema/index.ts';
import { listComponents } from '../bookings/repository.ts';
import { amountPaid, totalsFromLines } from '../bookings/totals.ts';
import { enqueueMail } from '../mail/outbox.ts';

/** What the confirming transaction already read of the booking, its departure and tour. */
export interface ConfirmedBookingFacts {
  id: number;
  currency: CurrencyCode;
  brandChannel: number;
  tourName: string;
  startDate: string;
  endDate: string;
}

export const confirmationSubject = (reference: string) => `Your booking ${reference} is confirmed`;

export interface ConfirmationFacts {
  reference: string;
  leadName: string;
  tourName: string;
  startDate: string;
  endDate: string;
  passengers: string[];
  lines: { name: string; price: number }[];
  currency: CurrencyCode;
  total: number;
  paid: number;
  accountUrl: string;
}

/**
 * The e-mail's text. Amounts are exact (formatAmount), in the booking's
 * currency: the amount paid is what the card was charged, to the penny.
 */
export function confirmationText(facts: ConfirmationFacts): string {
  const money = (value: number) => formatAmount(value, facts.currency);
  const balance = Math.max(facts.total - facts.paid, 0);
  const dates =
    facts.startDate === facts.endDate ? formatLongDate(facts.startDate) : `${formatLongDate(facts.startDate)} to ${formatLongDate(facts.endDate)}`;
  return [
    `Dear ${facts.leadName},`,
    '',
    `Thank you for booking with ${OPERATOR.companyName}. Your booking ${facts.reference} is confirmed.`,
    '',
    `Tour: ${facts.tourName}`,
    `Dates: ${dates}`,
    'Passengers:',
    ...facts.passengers.map((name) => `  ${name}`),
    '',
    'Your booking:',
    ...facts.lines.map((line) => `  ${line.name}: ${line.price === 0 ? 'Included' : money(line.price)}`),
    '',
    `Total cost: ${money(facts.total)}`,
    `Amount paid: ${money(facts.paid)}`,
    `Balance due: ${money(balance)}`,
    '',
    'Your booking confirmation and travel documents will follow within 1-3 working days.',
    `Sign in at ${facts.accountUrl} with this e-mail address to see your booking, submit your travel information, pay the balance and download your documents.`,
    '',
    `If you have any questions, please call our relationship team on ${OPERATOR.relationshipTeamPhone} quoting ${facts.reference}.`,
    '',
    OPERATOR.companyName,
  ].join('\n');
}

/**
 * Queues the confirmation e-mail to the lead passenger, in the transaction
 * that confirms the booking: it is sent if and only if the confirmation
 * commits, and at most once per booking (its message key). Returns false when
 * the lead has no e-mail address to send to.
 */
export async function queueConfirmationEmail(
  db: Database,
  input: { booking: ConfirmedBookingFacts; reference: string; publicUrl: string },
): Promise<boolean> {
  const { booking } = input;
  const bookingId = booking.id;
  const [passengers, lines, paid] = await Promise.all([
    db.select().from(bookingPassengers).where(eq(bookingPassengers.bookingId, bookingId)).orderBy(asc(bookingPassengers.position)),
    listComponents(db, bookingId),
    amountPaid(db, bookingId),
  ]);
  const lead = passengers.find((passenger) => passenger.isLead) ?? passengers[0];
  const to = lead?.email?.trim();
  if (!lead || !to) return false;

  const { details } = totalsFromLines(lines, booking.currency, booking.brandChannel);
  const fullName = (p: (typeof passengers)[number]) => [p.title, p.givenName, p.familyName].filter(Boolean).join(' ');
  const text = confirmationText({
    reference: input.reference,
    leadName: fullName(lead),
    tourName: booking.tourName,
    startDate: booking.startDate,
    endDate: booking.endDate,
    passengers: passengers.map(fullName),
    lines: lines.map((line) => ({ name: line.name, price: line.price })),
    currency: booking.currency,
    total: details.total_price.value,
    paid,
    accountUrl: `${input.publicUrl}/account`,
  });
  await enqueueMail(db, { to, subject: confirmationSubject(input.reference), text, bookingId, messageKey: `booking-confirmed:${bookingId}` });
  return true;
}
