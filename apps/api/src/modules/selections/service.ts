import { awaitsSettlement, type Allocations, type PrePaymentDetails } from '@tours/domain';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { recordAudit } from '../audit/index.ts';
import { retryTransient } from '../../lib/pg-errors.ts';
import { conflict, notFound, serviceFailure, validationFailed } from '../../lib/http-error.ts';
import { lockBooking, replaceComponents, repricePromotionLine, type BookingSession } from '../bookings/index.ts';
import { isBookableOnline, loadOffer, lockOptions } from '../catalogue/index.ts';
import { placeHolds, releaseBookingHolds, shortages, unitsLeft, unitsTaken, type Need } from '../inventory/index.ts';
import { withdrawOpenRequests } from '../payments/index.ts';
import { priceSelections } from './price.ts';
import { inDepartureTurn } from './departure-turns.ts';
import { DEPARTURE_SOLD_OUT, noLongerAvailable, refuseIfSoldOut, SoldOut } from './refuse-sold-out.ts';
import { checkSelections } from './validate.ts';

/** What the client reads as availability false (spec section 8): the choice cannot be had any more. */
const unavailable = (message: string) => serviceFailure(message, 409);

export interface SubmitSelections {
  session: BookingSession;
  allocations: Allocations;
  /** Holds are judged by its databaseNow(), the booking window by its now(). */
  clock: Clock;
  requestId: string;
}

/**
 * Replaces the booking's selections in one transaction: checks them, holds a
 * place for every passenger and a unit of every allocated option until the
 * booking session ends, and prices them from our own figures. Any failure
 * rolls everything back, so the booking keeps its previous holds and lines.
 *
 * Locks, always in this order so transactions never wait on each other
 * crosswise: the booking row, the departure row (every transaction that
 * allocates on a departure takes it, so they run one at a time per
 * departure), then the chosen option rows by id. Units left are counted only
 * once the departure lock is held, so they cannot change before the holds are
 * written.
 */
export interface SubmittedSelections {
  details: PrePaymentDetails;
  /** Payment requests withdrawn because the price may have changed; the provider must be told. */
  withdrawnRequests: number;
}

export async function submitSelections(db: Database, input: SubmitSelections): Promise<SubmittedSelections> {
  // In this replica's turn for the departure, so waiting buyers hold no connection. After a wait, what others sold
  // meanwhile is refused before taking the lock; with nobody ahead the locked check alone decides.
  return inDepartureTurn(db, input.session.departureId, async (waited) => {
    if (waited) await refuseIfSoldOut(db, input.session, input.allocations, input.clock.databaseNow());
    // A lock or pool wait that ran out rolled everything back: the whole transaction is run again, a few times at most.
    return retryTransient(() => selectUnderLocks(db, input));
  });
}

async function selectUnderLocks(db: Database, input: SubmitSelections): Promise<SubmittedSelections> {
  const { session, allocations } = input;
  const now = input.clock.now();
  return db.transaction(async (tx) => {
    const booking = await lockBooking(tx, session.bookingId);
    if (!booking) throw notFound('The booking no longer exists.');
    if (!awaitsSettlement(booking)) throw conflict(`This booking is ${booking.status} and can no longer be changed online.`);
    // The price is about to change: card forms opened for the old amount must not be paid (ADR 0005).
    const withdrawnRequests = await withdrawOpenRequests(tx, session.bookingId, now);
    const offer = await loadOffer(tx, session.departureId, session.currency, { lockDeparture: true });
    if (!offer || offer.pricePerPerson === null) throw unavailable('This departure is no longer sold in the booking currency.');

    const party = booking.passengerIds.length;
    const taken = await unitsTaken(tx, offer.departureId, input.clock.databaseNow(), session.bookingId);
    const placesLeft = offer.capacity - taken.places;
    const window = { ...offer, placesLeft, brandChannel: session.brandChannel };
    if (!isBookableOnline(window, now)) throw unavailable(DEPARTURE_SOLD_OUT);
    if (placesLeft < party) throw new SoldOut(DEPARTURE_SOLD_OUT, 'places');

    const check = checkSelections(allocations, {
      offer,
      passengerIds: booking.passengerIds,
      inStockForParty: (option) => unitsLeft(option.inventory, taken.byOption.get(option.id)) >= party,
    });
    if (check.outcome === 'invalid') throw validationFailed(check.fields);
    if (check.outcome === 'unavailable') throw new SoldOut(check.message, check.gone);
    const { lines } = check;

    // Re-read under lock: an operator may have changed an option's inventory since the offer was read.
    const inventory = await lockOptions(tx, lines.map((line) => line.option.id).sort((a, b) => a - b));
    const needs: Need[] = [
      { optionId: null, units: party, label: 'places on the tour' },
      ...lines.map((line) => ({ optionId: line.option.id, units: line.passengerIds.length, label: line.option.name })),
    ];
    const short = shortages(needs, { capacity: offer.capacity, inventory: (id) => inventory.get(id) ?? 0 }, taken);
    if (short.length > 0) {
      const roomIds = new Set(lines.filter((line) => line.option.room).map((line) => line.option.id));
      const gone = short.some((need) => need.optionId === null) ? 'places' : short.some((need) => roomIds.has(need.optionId!)) ? 'rooms' : 'options';
      throw new SoldOut(noLongerAvailable(short.map((need) => need.label)), gone);
    }

    const { details, components } = priceSelections({
      tourName: session.tourName,
      pricePerPerson: offer.pricePerPerson,
      participants: party,
      lines,
      discount: booking.discount,
      promotionName: booking.promotionName,
      percentOff: booking.percentOff,
      currency: session.currency,
      terms: session,
    });
    await releaseBookingHolds(tx, session.bookingId, now);
    const [tourComponentId, ...optionComponentIds] = await replaceComponents(tx, session.bookingId, session.currency, components);
    if (booking.promotionName !== null) await repricePromotionLine(tx, session.bookingId, details.breakdown.discount);
    const held = await placeHolds(tx, {
      bookingId: session.bookingId,
      departureId: offer.departureId,
      expiresAt: session.expiresAt,
      lines: [
        { optionId: null, componentId: tourComponentId!, passengerIds: booking.passengerIds },
        ...lines.map((line, index) => ({ optionId: line.option.id, componentId: optionComponentIds[index]!, passengerIds: line.passengerIds })),
      ],
    });
    await recordAudit(tx, {
      actor: 'visitor',
      action: 'booking.selections_submitted',
      entityType: 'booking',
      entityId: session.bookingId,
      bookingId: session.bookingId,
      requestId: input.requestId,
      detail: {
        options: lines.map((line) => ({ id: line.option.id, passengers: line.passengerIds })),
        unitsHeld: held,
        holdsExpireAt: session.expiresAt.toISOString(),
        total: details.total_price,
        deposit: details.deposit,
      },
    });
    return { details, withdrawnRequests };
  });
}
