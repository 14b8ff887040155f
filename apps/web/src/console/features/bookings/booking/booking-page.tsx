import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { Button } from '../../../../components/ui/button.tsx';
import { Notice } from '../../../../components/ui/notice.tsx';
import { Spinner } from '../../../../components/ui/spinner.tsx';
import { isApiRequestError } from '../../../../lib/api-error.ts';
import { usePageHeading } from '../../../app/use-page-title.ts';
import { BookingActions } from '../actions/booking-actions.tsx';
import { useStaffBooking } from '../api/bookings-api.ts';
import { BookingSummary } from './booking-summary.tsx';
import { ComponentsSection } from './components-section.tsx';
import { DocumentsSection } from './documents-section.tsx';
import { HistorySection } from './history-section.tsx';
import { MessagesSection } from './messages-section.tsx';
import { NotesSection } from './notes-section.tsx';
import { PassengersSection } from './passengers-section.tsx';
import { PaymentsSection } from './payments-section.tsx';

/** The page's sections, for the list of links at its top: a long page is crossed by keyboard in a few presses. */
const SECTIONS = [
  ['summary', 'Summary'],
  ['components', 'Components'],
  ['passengers', 'Passengers'],
  ['payments', 'Payments and refunds'],
  ['documents', 'Documents'],
  ['messages', 'E-mails sent'],
  ['notes', 'Internal notes'],
  ['history', 'History'],
] as const;

/**
 * /admin/bookings/:booking: everything about one booking (GET
 * /api/staff/bookings/:booking) and what the member's roles let them do to
 * it. Each action refreshes the page's data when it ends (actions/refresh.ts)
 * and says what it did at the top of the page.
 */
export function BookingPage() {
  const id = Number(useParams().booking);
  const booking = useStaffBooking(id);
  const reference = booking.data?.booking.booking_reference;
  const heading = usePageHeading(reference ? `Booking ${reference}` : 'Booking');
  const list = (useLocation().state as { list?: string } | null)?.list ?? '';
  const [done, setDone] = useState<string | null>(null);
  const doneRef = useRef<HTMLDivElement>(null);
  // An action's dialog gives the focus back to the button that opened it; when the action took that button away
  // (a booking cancelled has no Cancel button), the focus goes to what was done rather than to the top of the document.
  useEffect(() => {
    if (done && (document.activeElement === null || document.activeElement === document.body)) doneRef.current?.focus();
  }, [done]);

  const breadcrumb = (
    <p className="console-breadcrumb">
      <Link to={`/bookings${list}`}>Bookings</Link>
    </p>
  );
  if (booking.isPending) {
    return (
      <>
        {breadcrumb}
        <h1 tabIndex={-1} ref={heading}>
          Booking
        </h1>
        <Spinner label="Loading the booking" />
      </>
    );
  }
  if (booking.isError) {
    const missing = isApiRequestError(booking.error) && (booking.error.status === 404 || booking.error.status === 400);
    return (
      <>
        {breadcrumb}
        <h1 tabIndex={-1} ref={heading}>
          Booking
        </h1>
        <Notice tone="danger" role="alert" title={missing ? 'There is no such booking' : 'The booking could not be loaded'}>
          <p>{booking.error.message}</p>
          {missing ? null : (
            <Button variant="secondary" busy={booking.isFetching} onClick={() => void booking.refetch()}>
              Try again
            </Button>
          )}
        </Notice>
      </>
    );
  }

  const detail = booking.data;
  return (
    <>
      {breadcrumb}
      <div className="console-page-head">
        <h1 tabIndex={-1} ref={heading}>
          Booking {detail.booking.booking_reference} <span className={`console-status console-status--${detail.booking.status.toLowerCase()}`}>{detail.booking.status}</span>
        </h1>
      </div>
      {/* Always there, so that what an action did is announced as it appears. */}
      <div ref={doneRef} tabIndex={-1} role="status" className="console-done">
        {done ? (
          <Notice tone="success">
            <p>{done}</p>
          </Notice>
        ) : null}
      </div>
      <nav aria-label="On this page" className="console-toc">
        <ul>
          {SECTIONS.map(([anchor, label]) => (
            <li key={anchor}>
              <a href={`#${anchor}`}>{label}</a>
            </li>
          ))}
        </ul>
      </nav>
      <BookingSummary detail={detail} />
      <BookingActions detail={detail} onDone={setDone} />
      <ComponentsSection detail={detail} />
      <PassengersSection detail={detail} onDone={setDone} />
      <PaymentsSection detail={detail} onDone={setDone} />
      <DocumentsSection detail={detail} onDone={setDone} />
      <MessagesSection detail={detail} />
      <NotesSection detail={detail} />
      <HistorySection detail={detail} />
    </>
  );
}
