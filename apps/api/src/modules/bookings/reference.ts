import { randomInt } from 'node:crypto';
import { OPERATOR, type BookingStatus } from '@tours/domain';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { bookings } from './schema.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';

export const BOOKING_REFERENCE_PREFIX = OPERATOR.shortName.slice(0, 3).toUpperCase();

/** 'MER-480153': the operator's prefix and six random digits, so references say nothing about how many bookings there are. */
export const randomBookingReference = () => `${BOOKING_REFERENCE_PREFIX}-${randomInt(100_000, 1_000_000)}`;

const ATTEMPTS = 20;

/**
 * Settles the booking (Confirmed, or Optional) under a new unique reference. Each try runs in a
 * savepoint, so a reference someone already has (the unique constraint says
 * so, whatever the replicas are doing) rolls back only that try and another
 * is drawn; the surrounding transaction goes on.
 */
export async function settleWithReference(
  db: Database,
  bookingId: number,
  now: Date,
  status: BookingStatus = 'Confirmed',
  generate: () => string = randomBookingReference,
): Promise<string> {
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const reference = generate();
    try {
      await db.transaction((savepoint) =>
                // An Optional booking is not confirmed yet (staff check availability first), so it has no confirmation date.
        savepoint
          .update(bookings)
          .set({ status, reference, confirmedDate: status === 'Confirmed' ? now : null, updatedAt: now })
          .where(eq(bookings.id, bookingId)),
      );
      return reference;
    } catch (error) {
      if (!isUniqueViolation(error, 'bookings_reference_unique')) throw error;
    }
  }
  throw new Error(`No free booking reference after ${ATTEMPTS} attempts`);
}
