import { BOOKING_NOTE_MESSAGES, type StaffNote } from '@tours/domain';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { conflict, notFound } from '../../lib/http-error.ts';
import { retryTransient } from '../../lib/pg-errors.ts';
import { recordAudit } from '../audit/index.ts';
import { bookingsReadModel } from '../bookings/index.ts';
import { staffReadModel } from '../staff/index.ts';
import { presentNote } from './present.ts';
import { bookingNotes } from './schema.ts';

const { bookings } = bookingsReadModel;
const { staffMembers } = staffReadModel;

/** Ids are PostgreSQL integers: a larger number names no booking. */
const MAX_ROW_ID = 2_147_483_647;

export async function bookingExists(db: Database, bookingId: number): Promise<boolean> {
  if (bookingId > MAX_ROW_ID) return false;
  const [row] = await db.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, bookingId));
  return Boolean(row);
}

export interface NewNote {
  bookingId: number;
  staffMemberId: number;
  text: string;
  /** The request's Idempotency-Key: the note is written once per key. */
  key: string;
  requestId: string;
  /** The longest reason the audit log keeps: a note longer than it is logged by its beginning. */
  reasonMax: number;
}

async function noteByKey(db: Database, key: string) {
  const [row] = await db
    .select({ id: bookingNotes.id, bookingId: bookingNotes.bookingId, text: bookingNotes.text, createdAt: bookingNotes.createdAt, authorId: staffMembers.id, authorName: staffMembers.name })
    .from(bookingNotes)
    .innerJoin(staffMembers, eq(staffMembers.id, bookingNotes.staffMemberId))
    .where(eq(bookingNotes.idempotencyKey, key));
  return row ?? null;
}

/**
 * Writes an internal note and its audit entry in one transaction. The key
 * is the note's own (booking_notes.idempotency_key, unique): sent again with
 * the same booking and text it answers the note written first; with anything
 * else, 409. The audit entry's reason is what the member typed: the note.
 */
export async function addNote(db: Database, note: NewNote): Promise<StaffNote> {
  if (!(await bookingExists(db, note.bookingId))) throw notFound('No booking has this id.');
  const key = note.key.toLowerCase();
  const id = await retryTransient(() =>
    db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(bookingNotes)
        .values({ bookingId: note.bookingId, staffMemberId: note.staffMemberId, text: note.text, idempotencyKey: key })
        .onConflictDoNothing({ target: bookingNotes.idempotencyKey })
        .returning({ id: bookingNotes.id });
      if (!inserted) return null;
      await recordAudit(tx, {
        actor: `staff:${note.staffMemberId}`,
        action: 'booking.note_added',
        entityType: 'booking',
        entityId: note.bookingId,
        bookingId: note.bookingId,
        requestId: note.requestId,
        staffMemberId: note.staffMemberId,
        reason: note.text.slice(0, note.reasonMax),
        before: null,
        after: { note_id: inserted.id, text: note.text },
      });
      return inserted.id;
    }),
  );
  const stored = await noteByKey(db, key);
  const same = stored && stored.bookingId === note.bookingId && stored.authorId === note.staffMemberId && stored.text === note.text;
  if (!stored || (id === null && !same)) throw conflict(BOOKING_NOTE_MESSAGES.keyReused);
  return presentNote(stored);
}

