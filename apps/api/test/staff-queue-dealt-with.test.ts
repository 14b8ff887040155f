import { randomUUID } from 'node:crypto';
import { DEALT_WITH_MESSAGES, STAFF_QUEUE_INFO } from '@tours/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { auditLog, bookings, outboxMessages, queueItemsDealtWith } from '../src/db/schema/index.ts';
import { enqueueMail } from '../src/modules/mail/index.ts';
import { markAttemptFailed } from '../src/modules/mail/outbox.ts';
import { createBooking, lead } from './booking-fixtures.ts';
import type { LightMyRequestResponse } from 'fastify';
import { build, expectApiError, NO_TIMED_JOBS } from './helper.ts';
import { staffSession, type StaffCaller } from './staff-fixtures.ts';
import { bookingPage, paidSicily, staffPost } from './staff-money-fixtures.ts';

/**
 * Issue 26: two queues of the work queue had no action that ended them: an
 * e-mail the relay gave up on stayed in 'E-mails not delivered' for ever,
 * whatever staff did, and a quote for a sold-out room in its queue until
 * the customer came back. Operations now mark such an item as dealt with,
 * with the reason; the booking leaves the queue, and an e-mail given up on
 * later puts it back.
 */
describe('queue items marked as dealt with', () => {
  const server = build({ env: NO_TIMED_JOBS });
  const app = () => server.app;

  const inQueue = async (caller: StaffCaller, queue: string, bookingId: number) => {
    const response = await app().inject({ method: 'GET', url: `/api/staff/bookings?queue=${queue}&page_size=100`, headers: caller.headers });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json().data.items as { id: number }[]).some((item) => item.id === bookingId);
  };
  const queueCount = async (caller: StaffCaller, queue: string) => {
    const response = await app().inject({ method: 'GET', url: '/api/staff/queue', headers: caller.headers });
    return (response.json().data.items as { queue: string; count: number }[]).find((item) => item.queue === queue)!.count;
  };
  /** The relay gives up on every e-mail of the booking still waiting to go. */
  async function undeliverable(server: FastifyInstance, bookingId: number): Promise<number[]> {
    const pending = await server.db
      .select({ id: outboxMessages.id })
      .from(outboxMessages)
      .where(and(eq(outboxMessages.bookingId, bookingId), eq(outboxMessages.status, 'pending')))
      .orderBy(asc(outboxMessages.id));
    for (const message of pending) await markAttemptFailed(server.db, message.id, '550 mailbox unavailable', null);
    return pending.map((message) => message.id);
  }
  const expectConflict = (response: LightMyRequestResponse, message: string) => {
    expectApiError(response, 409, 'CONFLICT');
    expect(response.json().error.message).toBe(message);
  };
  const dealtWith = (caller: StaffCaller, bookingId: number, payload: object, key?: string) => staffPost(app(), caller, `/api/staff/bookings/${bookingId}/dealt-with`, payload, key);

  it('takes a booking out of “E-mails not delivered” once, audited, until another e-mail is given up on', async () => {
    const operations = await staffSession(app(), ['operations']);
    const { booking } = await paidSicily(app(), 120, 'total');
    const failed = await undeliverable(app(), booking.id);
    expect(failed.length).toBeGreaterThan(0);
    expect(await inQueue(operations, 'mail-failed', booking.id)).toBe(true);
    const before = await queueCount(operations, 'mail-failed');
    expect((await bookingPage(app(), operations, booking.id)).booking.flags).toContain('mail-failed');

    const key = randomUUID();
    const reason = 'Telephoned the customer; the address had a typing error, corrected and sent again';
    const response = await dealtWith(operations, booking.id, { queue: 'mail-failed', reason }, key);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ booking_id: booking.id, queue: 'mail-failed', message_ids: failed });
    expect(await inQueue(operations, 'mail-failed', booking.id)).toBe(false);
    expect(await queueCount(operations, 'mail-failed')).toBe(before - 1);
    const page = await bookingPage(app(), operations, booking.id);
    expect(page.booking.flags).not.toContain('mail-failed');
    // The e-mails stay as they were, failed, on the booking's page.
    expect((page.messages as { id: number; status: string }[]).filter((message) => failed.includes(message.id)).map((message) => message.status)).toEqual(failed.map(() => 'failed'));

    // The same request again answers the same, and writes nothing more.
    const again = await dealtWith(operations, booking.id, { queue: 'mail-failed', reason }, key);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toEqual(response.json().data);
    expect(await app().db.select().from(queueItemsDealtWith).where(eq(queueItemsDealtWith.bookingId, booking.id))).toHaveLength(1);
    const audited = await app().db.select().from(auditLog).where(and(eq(auditLog.bookingId, booking.id), eq(auditLog.action, 'booking.queue_item_dealt_with')));
    expect(audited).toHaveLength(1);
    expect(audited[0]).toMatchObject({ staffMemberId: operations.member.id, reason, before: { queue: 'mail-failed', in_queue: true }, after: { queue: 'mail-failed', in_queue: false, message_ids: failed } });

    // Nothing left to deal with: 409 with the queue's name.
    expectConflict(await dealtWith(operations, booking.id, { queue: 'mail-failed', reason }), DEALT_WITH_MESSAGES.notInQueue(STAFF_QUEUE_INFO['mail-failed'].label));

    // A later e-mail the relay gives up on puts the booking back; marking it again covers that one alone.
    await enqueueMail(app().db, { to: 'anne.reed@example.com', subject: 'Your balance', text: 'A reminder', bookingId: booking.id });
    const later = await undeliverable(app(), booking.id);
    expect(await inQueue(operations, 'mail-failed', booking.id)).toBe(true);
    const second = await dealtWith(operations, booking.id, { queue: 'mail-failed', reason: 'Wrote to the customer by post' });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().data.message_ids).toEqual(later);
    expect(await inQueue(operations, 'mail-failed', booking.id)).toBe(false);
  });

  it('takes a quote for a sold-out room out of its queue once the customer is called back', async () => {
    const operations = await staffSession(app(), ['operations']);
    const quote = await createBooking(app(), { code: 'MHW-VIE', startsInDays: 200, passengers: [lead] });
    await app().db.update(bookings).set({ quoteReason: 'rooms-sold-out' }).where(eq(bookings.id, quote.id));
    expect(await inQueue(operations, 'sold-out-quotes', quote.id)).toBe(true);
    // Another queue's item is not this one's.
    expectConflict(await dealtWith(operations, quote.id, { queue: 'mail-failed', reason: 'Called back' }), DEALT_WITH_MESSAGES.notInQueue(STAFF_QUEUE_INFO['mail-failed'].label));

    const response = await dealtWith(operations, quote.id, { queue: 'sold-out-quotes', reason: 'Called back: offered the May departure instead' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ booking_id: quote.id, queue: 'sold-out-quotes', message_ids: [] });
    expect(await inQueue(operations, 'sold-out-quotes', quote.id)).toBe(false);
    expect((await bookingPage(app(), operations, quote.id)).booking.flags).not.toContain('sold-out-quotes');
  });

  it('refuses what is not an item to mark, by its field, and a key used for another booking', async () => {
    const operations = await staffSession(app(), ['operations']);
    const { booking } = await paidSicily(app(), 120, 'total');
    await undeliverable(app(), booking.id);
    // A queue another action ends (confirming, paying...) is not marked as dealt with.
    const optional = await dealtWith(operations, booking.id, { queue: 'optional', reason: 'Done' });
    expect(optional.statusCode, optional.body).toBe(400);
    expect(optional.json().error.fields.queue).toBe(DEALT_WITH_MESSAGES.queueRequired);
    const noReason = await dealtWith(operations, booking.id, { queue: 'mail-failed' });
    expect(noReason.statusCode, noReason.body).toBe(400);
    expect(Object.keys(noReason.json().error.fields)).toEqual(['reason']);
    expect((await dealtWith(operations, 2_000_000_000, { queue: 'mail-failed', reason: 'Called back' })).statusCode).toBe(404);

    const key = randomUUID();
    expect((await dealtWith(operations, booking.id, { queue: 'mail-failed', reason: 'Sent by post' }, key)).statusCode).toBe(200);
    const other = await paidSicily(app(), 120, 'total');
    await undeliverable(app(), other.booking.id);
    expectConflict(await dealtWith(operations, other.booking.id, { queue: 'mail-failed', reason: 'Sent by post' }, key), DEALT_WITH_MESSAGES.keyReused);
    expect(await inQueue(operations, 'mail-failed', other.booking.id)).toBe(true);
  });

  it('marks an item once when two members mark it at the same moment', async () => {
    const [first, second] = [await staffSession(app(), ['operations']), await staffSession(app(), ['operations'])];
    const { booking } = await paidSicily(app(), 120, 'total');
    await undeliverable(app(), booking.id);
    const answers = await Promise.all([first, second].map((caller) => dealtWith(caller, booking.id, { queue: 'mail-failed', reason: 'Telephoned the customer' })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await app().db.select().from(queueItemsDealtWith).where(eq(queueItemsDealtWith.bookingId, booking.id))).toHaveLength(1);
  });
});
