import { DEALT_WITH_MESSAGES, STAFF_QUEUE_INFO, type DealtWithQueue } from '@tours/domain';
import { eq, sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.ts';
import { conflict, notFound } from '../../lib/http-error.ts';
import { retryTransient } from '../../lib/pg-errors.ts';
import { recordStaffChange } from '../audit/index.ts';
import { bookingsReadModel, lockBookingForChange } from '../bookings/index.ts';
import { catalogueReadModel } from '../catalogue/index.ts';
import { failedMailIds } from '../mail/index.ts';
import { mailDealtWith, queueCondition, type QueueDay } from './queues.ts';
import { queueItemsDealtWith } from './schema.ts';

const { bookings } = bookingsReadModel;
const { departures } = catalogueReadModel;

export interface DealtWith {
  bookingId: number;
  queue: DealtWithQueue;
  dealtWithAt: Date;
  messageIds: number[];
}

export interface DealWith {
  bookingId: number;
  queue: DealtWithQueue;
  staffMemberId: number;
  reason: string;
  /** The request's Idempotency-Key: the item is marked once per key. */
  key: string;
  requestId: string;
  day: QueueDay;
}

async function markedByKey(db: Database, key: string) {
  const [row] = await db.select().from(queueItemsDealtWith).where(eq(queueItemsDealtWith.idempotencyKey, key));
  return row ?? null;
}

const answer = (row: typeof queueItemsDealtWith.$inferSelect): DealtWith => ({ bookingId: row.bookingId, queue: row.queue, dealtWithAt: row.createdAt, messageIds: row.messageIds });

/**
 * Marks the booking's item of a queue no other action ends as dealt with
 * (DEALT_WITH_QUEUES), with the member's reason, in one transaction with its
 * audit entry. The booking's row is locked first, so two members at once
 * mark it once: the second finds it out of the queue (409). For undelivered
 * e-mails the row keeps which ones it covered, so one the relay gives up on
 * later puts the booking back in the queue. The same key sent again answers
 * the first mark; with another booking or queue, 409.
 */
export async function markDealtWith(db: Database, input: DealWith): Promise<DealtWith> {
  const key = input.key.toLowerCase();
  return retryTransient(() =>
    db.transaction(async (tx) => {
      if (!(await lockBookingForChange(tx, input.bookingId))) throw notFound('No booking has this id.');
      // Under the booking's lock: the same key sent twice at once finds the first one's mark.
      const earlier = await markedByKey(tx, key);
      if (earlier) {
        if (earlier.bookingId !== input.bookingId || earlier.queue !== input.queue || earlier.staffMemberId !== input.staffMemberId) throw conflict(DEALT_WITH_MESSAGES.keyReused);
        return answer(earlier);
      }
      const [inQueue] = await queryRows<{ in_queue: boolean }>(
        tx,
        sql`select ${queueCondition(input.queue, input.day)} as in_queue from ${bookings} inner join ${departures} on ${eq(departures.id, bookings.departureId)} where ${bookings.id} = ${input.bookingId}`,
      );
      if (!inQueue?.in_queue) throw conflict(DEALT_WITH_MESSAGES.notInQueue(STAFF_QUEUE_INFO[input.queue].label));
      const messageIds = input.queue === 'mail-failed' ? await failedMailIds(tx, input.bookingId, mailDealtWith(sql`${input.bookingId}`)) : [];
      const [row] = await tx
        .insert(queueItemsDealtWith)
        .values({ bookingId: input.bookingId, queue: input.queue, messageIds, staffMemberId: input.staffMemberId, reason: input.reason, idempotencyKey: key })
        .returning();
      await recordStaffChange(tx, {
        staffMemberId: input.staffMemberId,
        action: 'booking.queue_item_dealt_with',
        entityType: 'booking',
        entityId: input.bookingId,
        bookingId: input.bookingId,
        requestId: input.requestId,
        reason: input.reason,
        before: { queue: input.queue, in_queue: true },
        after: { queue: input.queue, in_queue: false, message_ids: messageIds },
      });
      return answer(row!);
    }),
  );
}
