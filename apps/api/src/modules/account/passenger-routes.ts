import {
  DETAILS_LOCKED_MESSAGE,
  PASSENGER_SECTIONS,
  passengerDetailsEditable,
  passportCoversTour,
  updateCorrespondence,
  updatePassenger,
  VALIDATION,
  type PassengerSection,
  type PassengerUpdate,
} from '@tours/domain';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { Correspondence } from '../../db/json-types.ts';
import { conflict, notFound, validationFailed } from '../../lib/http-error.ts';
import { registerEndpoint } from '../../lib/register-endpoint.ts';
import { recordAudit } from '../audit/index.ts';
import {
  BOOKING_NOT_FOUND,
  lockBookingForDetails,
  lockPassenger,
  saveCorrespondence,
  savePassengerDetails,
  type PassengerDetails,
  type PassengerRow,
} from '../bookings/index.ts';
import { ownedBookingId } from './owned-booking.ts';
import { presentCorrespondence, presentPassenger } from './passenger-presenter.ts';

/**
 * The Passenger information tab's saves (spec sections 2 and 7, issue #12):
 * one section of one passenger per call, and where final documents go.
 *
 * Order of answers: the booking must be the signed-in customer's and the
 * passenger one of its own (else the one 404, before anything else is said
 * about it); then the booking must still take changes (409); then the rules
 * that need the booking (the passport must outlast the tour: 400).
 */

/**
 * The booking row a save changes, locked for the save (bookings'
 * lockBookingForDetails): before the passenger's, the order every writer of
 * a booking takes.
 */
async function lockBooking(tx: Database, bookingId: number) {
  const booking = await lockBookingForDetails(tx, bookingId);
  // ownedBookingId found it a moment ago; a booking is never deleted, but say the same thing if it were.
  if (!booking) throw notFound(BOOKING_NOT_FOUND);
  return booking;
}

function assertEditable(booking: { status: string; endDate: string }, now: Date): void {
  if (!passengerDetailsEditable({ status: booking.status, end_date: booking.endDate }, now)) throw conflict(DETAILS_LOCKED_MESSAGE);
}

/** The section's new value in its column's terms. */
function columnsFor(update: PassengerUpdate, section: PassengerSection): PassengerDetails {
  switch (section) {
    case 'apis':
      return { apis: update.apis! };
    case 'insurance':
      return { insurance: update.insurance! };
    case 'joining_information':
      return { joiningInformation: update.joining_information! };
    case 'arrival_time':
      return { arrivalTime: update.arrival_time! };
  }
}

/**
 * Names of the fields a save changed, never their values: the audit log
 * says who changed what and when, without copying passport numbers or
 * addresses into a second place.
 */
export function changedFields(before: unknown, after: unknown, prefix = ''): string[] {
  const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
  // A section answered for the first time lists every field it now has.
  if (isRecord(after) && (before === null || before === undefined)) return changedFields({}, after, prefix);
  if (!isRecord(after) || !isRecord(before)) return JSON.stringify(before ?? null) === JSON.stringify(after ?? null) ? [] : [prefix || 'value'];
  // Sorted: jsonb hands keys back in its own order, and the log should read the same whichever way a value came.
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  return keys.flatMap((key) => changedFields(before[key], after[key], prefix ? `${prefix}.${key}` : key));
}

/** Passenger ids are PostgreSQL integers, as booking ids are (owned-booking.ts): a larger number names no passenger, and would fail the query rather than answer it. */
const MAX_ROW_ID = 2_147_483_647;

const sectionColumn = (row: PassengerRow, section: PassengerSection): unknown =>
  ({ apis: row.apis, insurance: row.insurance, joining_information: row.joiningInformation, arrival_time: row.arrivalTime })[section];

export async function passengerRoutes(app: FastifyInstance) {
  registerEndpoint(app, updatePassenger, async (request) => {
    const { bookingId, customer } = await ownedBookingId(app, request, request.params.booking);
    const passengerId = request.params.passenger;
    if (passengerId > MAX_ROW_ID) throw notFound(BOOKING_NOT_FOUND);
    const update = request.body;
    // The body schema let exactly one section through.
    const section = PASSENGER_SECTIONS.find((key) => update[key] !== undefined)!;

    const saved = await app.db.transaction(async (tx) => {
      const booking = await lockBooking(tx, bookingId);
      const before = await lockPassenger(tx, bookingId, passengerId);
      // Before the booking's state: a passenger of another booking is as unknown here as a booking of another customer.
      if (!before) throw notFound(BOOKING_NOT_FOUND);
      assertEditable(booking, app.clock.now());
      if (update.apis && !passportCoversTour(update.apis.expiry_date, booking.endDate)) {
        throw validationFailed({ 'apis.expiry_date': VALIDATION.passportExpiresBeforeTour });
      }

      const columns = columnsFor(update, section);
      const changed = changedFields(sectionColumn(before, section), sectionColumn({ ...before, ...columns }, section), section);
      // A save that changes nothing (a replay, a double click, a retry after a lost answer) is answered as it stands: no write, no audit entry.
      if (changed.length === 0) return before;
      const after = await savePassengerDetails(tx, { bookingId, passengerId, details: columns, now: app.clock.now() });
      await recordAudit(tx, {
        actor: `customer:${customer.id}`,
        action: 'passenger.details_updated',
        entityType: 'passenger',
        entityId: passengerId,
        bookingId,
        requestId: request.id,
        detail: { section, changed },
      });
      return after;
    });
    return { data: presentPassenger(saved) };
  });

  registerEndpoint(app, updateCorrespondence, async (request) => {
    const { bookingId, customer } = await ownedBookingId(app, request, request.params.booking);
    const choice = request.body;
    // A half-typed alternate address is not kept once another choice is made (correspondenceSchema drops it).
    const stored: Correspondence = {
      send_to: choice.send_to,
      alternate_address: choice.send_to === 'alternate_address' ? choice.alternate_address : null,
    };

    await app.db.transaction(async (tx) => {
      const booking = await lockBooking(tx, bookingId);
      assertEditable(booking, app.clock.now());
      const changed = changedFields(booking.correspondence, stored, 'correspondence');
      // The same choice again (a replay) changes nothing: no write, no audit entry.
      if (changed.length === 0) return;
      await saveCorrespondence(tx, bookingId, stored, app.clock.now());
      await recordAudit(tx, {
        actor: `customer:${customer.id}`,
        action: 'booking.correspondence_updated',
        entityType: 'booking',
        entityId: bookingId,
        bookingId,
        requestId: request.id,
        // The choice itself is no one's personal data; the address is, so only which of its lines changed.
        detail: { section: 'correspondence', send_to: stored.send_to, changed },
      });
    });
    return { data: presentCorrespondence(stored)! };
  });
}
