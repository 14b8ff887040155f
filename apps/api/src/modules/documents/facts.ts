import { balanceSettler, bookingOutstandingBalance, formatPersonName, type BalanceSettler, type BookingStatus, type CurrencyCode } from '@tours/domain';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { PostalAddress } from '../../db/json-types.ts';
import { agentsReadModel } from '../agents/index.ts';
import { bookingsReadModel, listComponents, totalsFromLines, type ComponentType } from '../bookings/index.ts';
import { catalogueReadModel } from '../catalogue/index.ts';
import { customersReadModel } from '../customers/index.ts';
import { moneyLines } from '../payments/index.ts';
import type { DocumentState } from './templates.ts';

const { bookings, bookingPassengers } = bookingsReadModel;
const { departures, tours, tourItineraryDays } = catalogueReadModel;
const { customers } = customersReadModel;
const { agents } = agentsReadModel;

/**
 * Everything a booking's documents say, read from the booking as it is now:
 * a document downloaded after a payment shows that payment. Amounts are
 * minor units of the booking's currency; the total is the domain's pricing of
 * the booking's own lines (totals.ts) and the outstanding balance the
 * domain's bookingOutstandingBalance (outstandingBalance of a settled
 * booking) of it and the verified payments: the figures the account area shows.
 */
export interface DocumentFacts {
  bookingId: number;
  /** The reference the customer knows; the booking id until confirmation gives one. */
  reference: string;
  /** Given at confirmation (null before). */
  issuedReference: string | null;
  status: BookingStatus;
  currency: CurrencyCode;
  tourName: string;
  tourCode: string;
  startDate: string;
  /** The departure's own days before the start the balance falls due (null: the operator's). */
  balanceDueDays: number | null;
  endDate: string;
  confirmedDate: Date | null;
  passengers: { name: string; isLead: boolean; dateOfBirth: string | null }[];
  /** Who the booking is for: the customer, or the lead passenger for a booking without one. */
  billTo: { name: string; address: PostalAddress | null; email: string | null };
  components: { name: string; type: ComponentType; quantity: number; price: number }[];
  total: number;
  paid: number;
  outstanding: number;
  /** Who settles the balance: an agent booking's client is never told to pay online what the agency settles. */
  settler: BalanceSettler;
  /** Verified payments and the refunds taken from them (negative), oldest first. */
  payments: { reference: string; date: Date; status: string; amount: number }[];
}

export interface ItineraryDay {
  day: number;
  /** 'YYYY-MM-DD' */
  date: string;
  title: string;
  description: string;
}

/** The booking's facts, or null when there is no such booking. Five queries. */
export async function loadDocumentFacts(db: Database, bookingId: number): Promise<DocumentFacts | null> {
  const [booking] = await db
    .select({
      id: bookings.id,
      reference: bookings.reference,
      status: bookings.status,
      currency: bookings.currency,
      confirmedDate: bookings.confirmedDate,
      tourName: tours.name,
      tourCode: tours.code,
      brandChannel: tours.brandChannel,
      depositPercent: bookings.depositPercent,
      startDate: departures.startDate,
      balanceDueDays: departures.balanceDueDays,
      endDate: departures.endDate,
      agency: agents.name,
      customer: { title: customers.title, forename: customers.forename, surname: customers.surname, email: customers.email, address: customers.address },
    })
    .from(bookings)
    .innerJoin(departures, eq(departures.id, bookings.departureId))
    .innerJoin(tours, eq(tours.id, departures.tourId))
    .leftJoin(customers, eq(customers.id, bookings.customerId))
    .leftJoin(agents, eq(agents.id, bookings.agentId))
    .where(eq(bookings.id, bookingId));
  if (!booking) return null;

  const [passengerRows, lines, paymentRows] = await Promise.all([
    db.select().from(bookingPassengers).where(eq(bookingPassengers.bookingId, bookingId)).orderBy(asc(bookingPassengers.position)),
    listComponents(db, bookingId),
    moneyLines(db, bookingId),
  ]);

  const total = totalsFromLines(lines, booking.currency, booking).details.total_price.value;
  // The same sum as amountPaid (modules/payments), from the rows the document lists, so the two can never disagree on the page.
  const paid = paymentRows.reduce((sum, payment) => sum + payment.amount, 0);
  // What the account area says is owed (a cancelled booking owes nothing online).
  const outstanding = bookingOutstandingBalance(booking, total, paid);
  const lead = passengerRows.find((passenger) => passenger.isLead) ?? passengerRows[0];
  const { customer } = booking;
  const billTo = customer
    ? { name: formatPersonName(customer), address: customer.address ?? lead?.address ?? null, email: customer.email }
    : { name: lead ? formatPersonName({ title: lead.title, forename: lead.givenName, surname: lead.familyName }) : '', address: lead?.address ?? null, email: lead?.email ?? null };

  return {
    bookingId,
    reference: booking.reference ?? String(booking.id),
    issuedReference: booking.reference,
    status: booking.status,
    currency: booking.currency,
    tourName: booking.tourName,
    tourCode: booking.tourCode,
    startDate: booking.startDate,
    balanceDueDays: booking.balanceDueDays,
    endDate: booking.endDate,
    confirmedDate: booking.confirmedDate,
    passengers: passengerRows.map((p) => ({ name: formatPersonName({ title: p.title, forename: p.givenName, surname: p.familyName }), isLead: p.isLead, dateOfBirth: p.dateOfBirth })),
    billTo,
    components: lines.map((line) => ({ name: line.name, type: line.componentType, quantity: line.quantity, price: line.price })),
    total,
    paid,
    outstanding,
    settler: balanceSettler({ agency: booking.agency }),
    payments: paymentRows.map((p) => ({ reference: p.reference ?? '', date: p.createdAt, status: p.gatewayStatus, amount: p.amount })),
  };
}

/** What decides which documents the booking shows (templates.ts isShown). */
export const documentState = (facts: DocumentFacts): DocumentState => ({
  status: facts.status,
  reference: facts.issuedReference,
  outstanding: facts.outstanding,
  hasFlights: facts.components.some((component) => component.type === 'Flight'),
});

const addDays = (isoDate: string, days: number) => new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The tour's day-by-day itinerary on the departure's dates. */
export async function loadItinerary(db: Database, bookingId: number, startDate: string): Promise<ItineraryDay[]> {
  const days = await db
    .select({ day: tourItineraryDays.day, title: tourItineraryDays.title, description: tourItineraryDays.description })
    .from(tourItineraryDays)
    .innerJoin(departures, eq(departures.tourId, tourItineraryDays.tourId))
    .innerJoin(bookings, eq(bookings.departureId, departures.id))
    .where(eq(bookings.id, bookingId))
    .orderBy(asc(tourItineraryDays.day));
  return days.map((day) => ({ ...day, date: addDays(startDate, day.day - 1) }));
}
