import { bookingsNeedingDetails, formatShortDate, SCREEN_TEXT, type AccountBooking } from '@tours/domain';
import { useEffect, useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { readItem, STORAGE_KEYS, writeItem } from '../../../lib/storage.ts';
import './notifications.css';
import { BellIcon } from '../../../components/ui/icons.tsx';

/**
 * The Notifications modal (spec section 2): bookings departing within 90
 * days whose traveller details are incomplete (the domain's
 * bookingsNeedingDetails). It opens by itself once per sign-in, when it has
 * something to say, and from its button on /account at any time.
 */

/** Whether the modal already opened by itself this session (cleared at logout with the other stores). */
export const notificationsShown = (): boolean => readItem(STORAGE_KEYS.notificationsShown) !== null;
const markNotificationsShown = (): void => {
  writeItem(STORAGE_KEYS.notificationsShown, 'true');
};

interface AccountNotificationsProps {
  /** The account's bookings; undefined while they load. */
  bookings: readonly AccountBooking[] | undefined;
}

/** The Notifications button with its count, and the modal it opens. */
export function AccountNotifications({ bookings }: AccountNotificationsProps) {
  const needing = useMemo(() => (bookings ? bookingsNeedingDetails(bookings) : []), [bookings]);
  const [open, setOpen] = useState(false);
  // Decided once, when the bookings first say something (React's 'adjusting state on a prop change').
  const [decided, setDecided] = useState(false);
  if (!decided && needing.length > 0) {
    setDecided(true);
    if (!notificationsShown()) setOpen(true);
  }
  // Seen, however it opened: it does not open by itself again this session.
  useEffect(() => {
    if (open) markNotificationsShown();
  }, [open]);

  return (
    <>
      <Button variant="secondary" className="notifications-button" onClick={() => setOpen(true)} disabled={bookings === undefined}>
        <BellIcon className="notifications-button__icon" width="1.1em" height="1.1em" />
        Notifications
        {needing.length > 0 ? <span className="notifications-button__count">{needing.length}</span> : null}
      </Button>
      <NotificationsModal open={open} onClose={() => setOpen(false)} bookings={needing} />
    </>
  );
}

interface NotificationsModalProps {
  open: boolean;
  onClose: () => void;
  /** The bookings that need details, already chosen by bookingsNeedingDetails. */
  bookings: readonly AccountBooking[];
}

export function NotificationsModal({ open, onClose, bookings }: NotificationsModalProps) {
  return (
    // A sheet on a phone: it opens by itself at sign-in, over the bookings it is about, which stay in sight (issue 25).
    <Modal open={open} onClose={onClose} title="Notifications" variant="sheet">
      <ul className="notifications">
        {bookings.length === 0 ? (
          <li className="notifications__empty">You have no notifications.</li>
        ) : (
          bookings.map((booking) => <NotificationItem key={booking.id} booking={booking} onFollow={onClose} />)
        )}
      </ul>
    </Modal>
  );
}

function NotificationItem({ booking, onFollow }: { booking: AccountBooking; onFollow: () => void }) {
  const titleId = useId();
  return (
    <li className="notification">
      <h3 className="notification__title" id={titleId}>
        {booking.principal_component_name}
      </h3>
      <p className="notification__dates">
        From {formatShortDate(booking.start_date)} - {formatShortDate(booking.end_date)}
      </p>
      <p className="notification__reference">
        Your reference <strong>{booking.booking_reference}</strong>
      </p>
      <p className="notification__message">{SCREEN_TEXT.detailsRequiredSoon}</p>
      <Link className="button button--primary notification__link" to={`/account/booking/${booking.id}`} aria-describedby={titleId} onClick={onFollow}>
        View Booking
      </Link>
    </li>
  );
}
