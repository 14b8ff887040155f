import { bookingActionLabel, hasOutstandingBalance } from '@tours/domain/account/bookings';
import type { AccountBooking } from '@tours/domain/contracts/account';
import { formatShortDate } from '@tours/domain/dates';
import { formatAmount } from '@tours/domain/money';
import { Link } from 'react-router';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { WarningIcon } from '../../../components/ui/icons.tsx';
import { Skeleton } from '../../../components/ui/spinner.tsx';
import { useAccountSession } from '../../../lib/auth/account-session.ts';
import { bookedItemPath, TAB_INDEX } from '../booked-item/booked-item-tabs.ts';

interface BookingCardProps {
  booking: AccountBooking;
  /** Active bookings carry the buttons of spec section 2; past ones are a record. */
  active: boolean;
}

/** One booking of 'Manage your bookings'. */
export function BookingCard({ booking, active }: BookingCardProps) {
  const titleId = `booking-${booking.id}-title`;
  const outstanding = booking.outstanding_balance;
  const owes = hasOutstandingBalance(booking);
  // The card's own links open the summary, even when another tab of this booking was open last.
  const openSummary = () => useAccountSession.getState().setBookingTab(TAB_INDEX.summary);
  return (
    <li className={`card booking-card${active ? '' : ' booking-card--past'}`}>
      <h3 className="booking-card__title" id={titleId}>
        <Link to={bookedItemPath(booking.id)} onClick={openSummary}>
          {booking.principal_component_name}
        </Link>
      </h3>
      <dl className="booking-card__facts">
        <div>
          <dt>Reference</dt>
          <dd>{booking.booking_reference}</dd>
        </div>
        <div>
          <dt>Dates</dt>
          <dd>
            {formatShortDate(booking.start_date)} to {formatShortDate(booking.end_date)}
          </dd>
        </div>
        <div>
          <dt>Outstanding balance</dt>
          <dd className={owes ? 'booking-card__owed' : undefined}>
            {formatAmount(outstanding.value, outstanding.currency)}
            {owes && booking.balance_due ? <span className="booking-card__due"> due by {formatShortDate(booking.balance_due)}</span> : null}
          </dd>
        </div>
      </dl>
      {active && !booking.details_complete ? (
        <p className="booking-card__pending">
          <WarningIcon className="booking-card__pending-icon" /> Passenger information is still needed.
        </p>
      ) : null}
      {active ? (
        <div className="button-row booking-card__actions">
          <ButtonLink to={bookedItemPath(booking.id)} onClick={openSummary} aria-describedby={titleId} variant={owes ? 'primary' : 'secondary'}>
            {bookingActionLabel(booking)}
          </ButtonLink>
          <ButtonLink to={bookedItemPath(booking.id, TAB_INDEX.passengers)} aria-describedby={titleId} variant="secondary">
            Passenger information
          </ButtonLink>
          <ButtonLink to={bookedItemPath(booking.id, TAB_INDEX.documents)} aria-describedby={titleId} variant="secondary">
            View documents
          </ButtonLink>
        </div>
      ) : null}
    </li>
  );
}

/** The shape of a booking card while the list loads. */
export function BookingCardPlaceholder() {
  return (
    <li className="card booking-card" aria-hidden="true">
      <Skeleton width="min(22rem, 80%)" height="1.5rem" />
      <div className="booking-card__facts">
        <Skeleton width="8rem" height="2.4rem" />
        <Skeleton width="13rem" height="2.4rem" />
        <Skeleton width="9rem" height="2.4rem" />
      </div>
      <div className="button-row">
        <Skeleton width="9rem" height="2.75rem" />
        <Skeleton width="11rem" height="2.75rem" />
      </div>
    </li>
  );
}
