import { BOOKING_TOKEN_TIMEOUT_SECONDS, depositPercentFor, initialBookingStatus, VALIDATION, type CreateBookingBody, type createdBookingSchema } from '@tours/domain';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { recordAudit } from '../audit/index.ts';
import { issueBookingToken } from '../../lib/booking-token.ts';
import { sqlAfter, type Instant } from '../../lib/clock.ts';
import { HttpError, notFound, validationFailed } from '../../lib/http-error.ts';
import { findDeparture, isBookableOnline } from '../catalogue/index.ts';
import { isKnownSource } from '../marketing/index.ts';
import { bookingComponents, bookingPassengers, bookings } from './schema.ts';

/** The departure cannot be booked online (closed, too close, or not enough places): 'on request' for the client. */
export const notBookable = (message = 'This departure can no longer be booked online.') => new HttpError(409, 'NO_RESULTS', message);

/**
 * Creates the booking as a Quote (Optional under five weeks away) on the departure the body names, after
 * checking every reference in it against our own records, with its passengers
 * (the lead first) and the tour line at today's price. Nothing is held yet:
 * places are held when the selections are submitted. Answers the booking and
 * its bearer token, which is shown once and stored only as a hash.
 */
export async function createBooking(
  db: Database,
  body: CreateBookingBody,
  context: CreateContext,
): Promise<z.input<typeof createdBookingSchema>> {
  return db.transaction((tx) => createBookingIn(tx, body, context));
}

/** The passengers as stored: the lead first, a second passenger sent without an address at the lead's. */
export function bookedPassengers(sent: CreateBookingBody['passengers']) {
  const leadAddress = sent[0]!.address!;
  // id and is_lead never reach this point (the contract drops them): position decides, the lead first.
  return sent.map((passenger, index) => ({
    ...passenger,
    address: passenger.address ?? { ...leadAddress },
    is_lead: index === 0,
  }));
}

/** A stored passenger's columns, for insert and update alike. */
export function passengerColumns(p: ReturnType<typeof bookedPassengers>[number]) {
  return {
    isLead: p.is_lead,
    title: p.title,
    givenName: p.given_name,
    familyName: p.family_name,
    email: p.email,
    telephoneHome: p.telephone_home,
    telephoneMobile: p.telephone_mobile,
    dateOfBirth: p.date_of_birth,
    address: p.address,
    doNotEmail: p.do_not_email,
    doNotMail: p.do_not_mail,
    specialRequests: p.special_requests,
  };
}

/** The booking's marketing source columns. */
export const sourceColumns = (source: CreateBookingBody['source']) => ({
  marketingSourceId: source.id,
  marketingSubsourceId: source.subsource_id,
  marketingSourceDescription: source.subsource_description || null,
});

export interface CreateContext {
  now: Date;
  /**
   * The database's 'now' (Clock.databaseNow()): the session, and so every hold
   * placed in it, ends BOOKING_TOKEN_TIMEOUT_SECONDS after it by the
   * database's clock, which every replica judges expiry by.
   */
  databaseNow: Instant;
  requestId: string;
  /** The signed-in customer who starts it: the booking is theirs from the start (docs/decisions/0011-customer-tokens.md). */
  customerId?: number | null;
}

/** createBooking inside a transaction the caller holds (PUT /bookings/passengers starts a booking again inside its own). */
export async function createBookingIn(
  tx: Database,
  body: CreateBookingBody,
  context: CreateContext,
): Promise<z.input<typeof createdBookingSchema>> {
  const { now } = context;
  const found = await findDeparture(tx, body.tour_code, body.departure_date, context.databaseNow);
  if (!found) throw notFound(`No departure of tour ${body.tour_code.toUpperCase()} on ${body.departure_date}.`);
  const { tour, departure } = found;

  const fields: Record<string, string> = {};
  if (departure.id !== body.departure_id) {
    fields.departure_id = `Departure ${body.departure_id} is not the ${body.departure_date} departure of ${tour.code}`;
  }
  if (tour.brandChannel !== body.brand_channel) fields.brand_channel = `Tour ${tour.code} is sold on brand channel ${tour.brandChannel}`;
  const price = departure.prices.find((p) => p.currency === body.currency);
  if (!price) fields.currency = `This departure is not sold in ${body.currency}`;
  if (!(await isKnownSource(tx, body.source))) fields['source.subsource_id'] = VALIDATION.howHeardRequired;
  if (Object.keys(fields).length > 0 || !price) throw validationFailed(fields);

  const party = body.passengers.length;
  const window = { ...departure, brandChannel: tour.brandChannel };
  if (!isBookableOnline(window, now)) throw notBookable();
  if (departure.placesLeft < party) throw notBookable(`Only ${departure.placesLeft} places are left on this departure.`);

  const token = issueBookingToken(now);
  // Under five weeks away the booking is optional, subject to the operator's availability checks (spec section 9).
  const status = initialBookingStatus(tour.brandChannel, departure.startDate, now);
  const [booking] = await tx
    .insert(bookings)
    .values({
      status,
      currency: body.currency,
      departureId: departure.id,
      // Sold under the departure's deposit of today: staff changing it later moves no booking's deposit.
      depositPercent: depositPercentFor(departure.depositPercent),
      ...sourceColumns(body.source),
      tokenHash: token.hash,
      tokenExpiresAt: sqlAfter(context.databaseNow, BOOKING_TOKEN_TIMEOUT_SECONDS * 1000),
      customerId: context.customerId ?? null,
    })
    .returning({ id: bookings.id, status: bookings.status, tokenExpiresAt: bookings.tokenExpiresAt });
  const bookingId = booking!.id;

  const passengers = bookedPassengers(body.passengers);
  const rows = await tx
    .insert(bookingPassengers)
    .values(passengers.map((p, index) => ({ bookingId, position: index + 1, ...passengerColumns(p) })))
    .returning({ id: bookingPassengers.id, position: bookingPassengers.position });
  const idAt = new Map(rows.map((row) => [row.position, row.id]));

  await tx.insert(bookingComponents).values({
    bookingId,
    componentType: 'Tour',
    name: tour.name,
    unitPrice: price.value,
    quantity: party,
    price: price.value * party,
    currency: body.currency,
  });
  await recordAudit(tx, {
    actor: 'visitor',
    action: 'booking.created',
    entityType: 'booking',
    entityId: bookingId,
    bookingId,
    requestId: context.requestId,
    detail: { tour: tour.code, departureId: departure.id, currency: body.currency, passengers: party, status },
  });

  return {
    booking: {
      id: bookingId,
      status,
      currency: body.currency,
      passengers: passengers.map((p, index) => ({ ...p, id: idAt.get(index + 1)! })),
    },
    token: { token: token.token, expires_at: booking!.tokenExpiresAt!.toISOString(), timeout_seconds: BOOKING_TOKEN_TIMEOUT_SECONDS },
  };
}
