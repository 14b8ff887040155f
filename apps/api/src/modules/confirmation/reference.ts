import { randomInt } from 'node:crypto';
import { OPERATOR } from '@tours/domain';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { bookings } from '../../db/schema/index.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';

const PREFIX = OPERATOR.shortName.slice(0, 3).toUpperCase();

/** 'MER-480153': the operator's prefix and six random digits, so references say nothing about how many bookings there are. */
export const randomBookingReference = () => `${PREFIX}-${randomInt(100_000, 1_000_000)}`;

const ATTEMPTS = 20;

/**
 * Confirms the booking under a new unique reference. Each try runs in a
 * savepoint, so a reference someone already has (the unique constraint says
 * so, whatever the replicas are doing) rolls back only that try and another
 * is drawn; the surrounding transaction goes on.
 */
export async function confirmWithReference(
  db: Database,
  bookingId: number,
  now: Date,
  generate: () => string = randomBookingReference,
): Promise<string> {
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const reference = generate();
    try {
      await db.transaction((savepoint) =>
        savepoint.update(bookings).set({ status: 'Confirmed', reference, confirmedDate: now, updatedAt: now }).where(eq(bookings.id, bookingId)),
      );
      return reference;
    } catch (error) {
      if (!isUniqueViolation(error, 'bookings_reference_unique')) throw error;
    }
  }
  throw new Error(`No free booking reference after ${ATTEMPTS} attempts`);
}
