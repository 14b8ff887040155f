import { addStaffBookingNote, bookingNoteBodySchema, BOOKING_NOTE_MAX, type StaffBookingDetail } from '@tours/domain/contracts/staff/booking-page';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../../components/ui/button.tsx';
import { TextAreaField } from '../../../../components/ui/field.tsx';
import { Notice } from '../../../../components/ui/notice.tsx';
import { staffCall } from '../../../lib/staff-api.ts';
import { useStaffMe } from '../../../lib/staff-session.ts';
import { actionErrorMessage, refreshBooking } from '../actions/refresh.ts';
import { moment } from '../format.ts';

/**
 * Adds a note. A note's attempt is its text: pressing again after a failure
 * sends the same Idempotency-Key (so a note whose answer was lost is not
 * written twice), while a text changed since is a new note with a new key.
 */
function AddNoteForm({ bookingId }: { bookingId: number }) {
  const client = useQueryClient();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [added, setAdded] = useState(false);
  const attempt = useRef<{ key: string; text: string } | null>(null);
  const add = useMutation({
    mutationFn: ({ note, key }: { note: string; key: string }) => staffCall(addStaffBookingNote, { params: { booking: bookingId }, body: { text: note }, idempotencyKey: key }),
    onSettled: () => refreshBooking(client, bookingId),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setAdded(false);
    const parsed = bookingNoteBodySchema.safeParse({ text });
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? null);
    setProblem(null);
    if (attempt.current?.text !== parsed.data.text) attempt.current = { key: crypto.randomUUID(), text: parsed.data.text };
    try {
      await add.mutateAsync({ note: parsed.data.text, key: attempt.current.key });
      attempt.current = null;
      setText('');
      setAdded(true);
    } catch (caught) {
      setProblem(actionErrorMessage(caught));
    }
  };

  return (
    <form className="console-form" onSubmit={(event) => void submit(event)} noValidate>
      {added ? (
        <Notice tone="success" role="status">
          <p>The note is added.</p>
        </Notice>
      ) : null}
      <TextAreaField
        label="Add a note"
        hint={`Seen by staff only, kept with your name (at most ${BOOKING_NOTE_MAX.toLocaleString('en-GB')} characters)`}
        rows={3}
        value={text}
        maxLength={BOOKING_NOTE_MAX}
        onChange={(event) => setText(event.target.value)}
        error={problem ?? undefined}
      />
      <Button type="submit" busy={add.isPending} className="console-form__submit">
        Add the note
      </Button>
    </form>
  );
}

/** The staff's internal notes on the booking, newest first, and the form to add one (notes.write). */
export function NotesSection({ detail }: { detail: StaffBookingDetail }) {
  const { permissions } = useStaffMe();
  // Newest first, as the API gives them.
  const notes = detail.notes;
  return (
    <section aria-labelledby="notes" className="console-panel">
      <h2 id="notes">Internal notes</h2>
      {permissions.includes('notes.write') ? <AddNoteForm bookingId={detail.booking.id} /> : null}
      {notes.length === 0 ? (
        <p className="console-hint">No notes yet.</p>
      ) : (
        <ol className="console-notes" aria-label="Notes, newest first">
          {notes.map((note) => (
            <li key={note.id} className="console-note">
              <p className="console-note__meta">
                {note.author.name}, {moment(note.created_at)}
              </p>
              <p className="console-pre">{note.text}</p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
