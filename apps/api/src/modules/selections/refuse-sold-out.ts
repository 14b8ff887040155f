import type { Allocations } from '@tours/domain';
import type { Database } from '../../db/client.ts';
import { serviceFailure } from '../../lib/http-error.ts';
import type { Instant } from '../../lib/clock.ts';
import type { BookingSession } from '../bookings/index.ts';
import { stockLeft } from '../catalogue/index.ts';

/** The answers of the locked check (service.ts) for the same shortage, so a buyer cannot tell which of the two refused. */
export const DEPARTURE_SOLD_OUT = 'This departure can no longer be booked online.';
export const noLongerAvailable = (labels: readonly string[]) => `No longer available: ${labels.join(', ')}.`;

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
  if (stock.places < session.participants) throw serviceFailure(DEPARTURE_SOLD_OUT, 409);
  // One unit per passenger of the line (ADR 0002); the locked path judges the rules, and who is on the booking.
  const gone = chosen.flatMap((entry) => {
    const option = stock.options.get(entry.component_id);
    const units = Math.min(new Set(entry.passenger_ids).size, session.participants);
    return option && option.left < units ? [option.name] : [];
  });
  if (gone.length > 0) throw serviceFailure(noLongerAvailable([...new Set(gone)]), 409);
}
