import type { QuoteReason } from '@tours/domain';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { recordAudit } from '../audit/index.ts';
import { bookings } from './schema.ts';

/**
 * The site cannot go on with a booking still being booked (a Quote, or an
 * Optional booking without its reference): it shows the availability-error
 * screen, which tells the visitor a quote was created and to call. The
 * booking keeps why, so staff find it in the work queue and call back. The
 * first reason is kept and audited once; later ones, and bookings already
 * settled or cancelled, change nothing. Answers whether it was recorded now.
 */
export async function recordQuoteReason(db: Database, input: { bookingId: number; reason: QuoteReason; requestId: string }): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [marked] = await tx
      .update(bookings)
      .set({ quoteReason: input.reason })
      .where(and(eq(bookings.id, input.bookingId), isNull(bookings.quoteReason), isNull(bookings.reference), inArray(bookings.status, ['Quote', 'Optional'])))
      .returning({ id: bookings.id });
    if (!marked) return false;
    await recordAudit(tx, {
      actor: 'visitor',
      action: 'booking.quote_reason',
      entityType: 'booking',
      entityId: input.bookingId,
      bookingId: input.bookingId,
      requestId: input.requestId,
      detail: { reason: input.reason },
    });
    return true;
  });
}
