import type { Allocations, QuoteReason } from '@tours/domain';
import type { Database } from '../../db/client.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { Instant } from '../../lib/clock.ts';
import type { BookingSession } from '../bookings/index.ts';
import { stockLeft } from '../catalogue/index.ts';

/** The answers of the locked check (service.ts) for the same shortage, so a buyer cannot tell which of the two refused. */
export const DEPARTURE_SOLD_OUT = 'This departure can no longer be booked online.';
export const noLongerAvailable = (labels: readonly string[]) => `No longer available: ${labels.join(', ')}.`;

/** What was gone: the departure's places, a room for the party, or a flight or extra it needed. */
export type SoldOutKind = 'places' | 'rooms' | 'options';
const QUOTE_REASON_OF: Readonly<Record<SoldOutKind, QuoteReason>> = { places: 'places-sold-out', rooms: 'rooms-sold-out', options: 'options-sold-out' };

/**
 * The refusal the client reads as availability false (spec section 8):
 * SERVICE_FAILURE, as a 409. It carries why, which the booking keeps as its
 * quote reason (the site shows the quote screen; staff call back).
 */
export class SoldOut extends HttpError {
  readonly quoteReason: QuoteReason;
  constructor(message: string, gone: SoldOutKind) {
    super(409, 'SERVICE_FAILURE', message);
    this.quoteReason = QUOTE_REASON_OF[gone];
  }
}

/**
 * Refuses, before any lock is taken, a selection whose places or chosen
 * options are already sold out. service.ts asks it of a selection that had
 * to wait for its turn on the departure (departure-turns.ts): when hundreds
 * of buyers go for the last rooms, those who cannot have them are told in
 * one read instead of each taking the departure's lock in turn only to be
 * refused (race.test.ts). A choice that is short here was short at that
 * instant, so the refusal is right; anything in stock is judged again under
 * the lock.
 */
export async function refuseIfSoldOut(db: Database, session: BookingSession, allocations: Allocations, now: Instant): Promise<void> {
  const chosen = [...allocations.flights, ...allocations.extras, ...allocations.accommodation].filter((entry) => entry.passenger_ids.length > 0);
  const stock = await stockLeft(db, {
    departureId: session.departureId,
    bookingId: session.bookingId,
    optionIds: [...new Set(chosen.map((entry) => entry.component_id))],
    now,
  });
  // No departure: the locked path answers it.
  if (!stock) return;
  if (stock.places < session.participants) throw new SoldOut(DEPARTURE_SOLD_OUT, 'places');
  // One unit per passenger of the line (ADR 0002); the locked path judges the rules, and who is on the booking.
  const rooms = new Set(allocations.accommodation.map((entry) => entry.component_id));
  const gone = chosen.flatMap((entry) => {
    const option = stock.options.get(entry.component_id);
    const units = Math.min(new Set(entry.passenger_ids).size, session.participants);
    return option && option.left < units ? [{ name: option.name, room: rooms.has(entry.component_id) }] : [];
  });
  if (gone.length > 0) throw new SoldOut(noLongerAvailable([...new Set(gone.map((option) => option.name))]), gone.some((option) => option.room) ? 'rooms' : 'options');
}
