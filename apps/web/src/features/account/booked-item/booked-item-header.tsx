import { bookingTourName } from '@tours/domain/account/bookings';
import type { BookingDetail } from '@tours/domain/contracts/account';
import { formatShortDate } from '@tours/domain/dates';
import { Skeleton } from '../../../components/ui/spinner.tsx';

/** The header card: tour name, 'Your reference', start and end dates (dd MMM yyyy). */
export function BookedItemHeader({ detail }: { detail: BookingDetail }) {
  const { booking, components } = detail;
  return (
    <div className="card booked-item__header">
      <h1>{bookingTourName(booking, components)}</h1>
      <dl className="booked-item__facts">
        <div>
          <dt>Your reference</dt>
          <dd>{booking.booking_reference}</dd>
        </div>
        <div>
          <dt>Start date</dt>
          <dd>{formatShortDate(booking.start_date)}</dd>
        </div>
        <div>
          <dt>End date</dt>
          <dd>{formatShortDate(booking.end_date)}</dd>
        </div>
      </dl>
    </div>
  );
}

/** The header card's shape while the booking loads. */
export function BookedItemHeaderPlaceholder() {
  return (
    <div className="card booked-item__header" aria-hidden="true">
      <Skeleton width="min(28rem, 80%)" height="2rem" />
      <div className="booked-item__facts">
        <Skeleton width="9rem" height="2.5rem" />
        <Skeleton width="7rem" height="2.5rem" />
        <Skeleton width="7rem" height="2.5rem" />
      </div>
    </div>
  );
}

/** The open tab's shape while the booking loads. */
export function BookedItemBodyPlaceholder() {
  return (
    <div className="card booked-item__placeholder" aria-hidden="true">
      <Skeleton width="12rem" height="1.6rem" />
      <Skeleton width="60%" />
      <Skeleton width="100%" height="8rem" />
      <Skeleton width="40%" />
    </div>
  );
}
