import { groupBookings } from '@tours/domain/account/bookings';
import type { AccountBooking } from '@tours/domain/contracts/account';
import { SCREEN_TEXT } from '@tours/domain/messages';
import { ACCOUNT_LIST_LOAD_DELAY_MS } from '@tours/domain/timing';
import { Button } from '../../components/ui/button.tsx';
import { Notice } from '../../components/ui/notice.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useElapsed } from '../../lib/use-elapsed.ts';
import { useAccountBookings } from './api/get-account-bookings.ts';
import { BookingCard, BookingCardPlaceholder } from './components/booking-card.tsx';
import { TravelAdviceNotice } from './components/travel-advice-notice.tsx';
import { AccountNotifications } from './notifications/account-notifications.tsx';
import './account.css';

/**
 * /account, 'Manage your bookings' (spec section 2): 'Your next tour' (active
 * bookings) and 'Other bookings' (archived). The list loads 1 s after the
 * page opens (spec section 9), behind placeholders; a list already read in
 * this visit shows at once. RequireAccount sends visitors without a session to /.
 */
export function AccountPage() {
  useDocumentTitle('Manage your bookings');
  const due = useElapsed(ACCOUNT_LIST_LOAD_DELAY_MS);
  const list = useAccountBookings({ enabled: due });

  return (
    <div className="page account">
      <div className="account__intro">
        <h1>Manage your bookings</h1>
        <AccountNotifications bookings={list.data} />
      </div>
      <TravelAdviceNotice />
      {list.data ? (
        <BookingGroups bookings={list.data} />
      ) : list.isError ? (
        <Notice tone="danger" title="We could not load your bookings" titleAs="h2" role="alert">
          <p>Please try again in a moment.</p>
          <Button variant="secondary" busy={list.isFetching} onClick={() => void list.refetch()}>
            Try again
          </Button>
        </Notice>
      ) : (
        <BookingGroupsPlaceholder />
      )}
    </div>
  );
}

function BookingGroups({ bookings }: { bookings: readonly AccountBooking[] }) {
  const { active, archived } = groupBookings(bookings);
  return (
    <>
      <section className="account__group" aria-labelledby="next-tour-heading">
        <h2 id="next-tour-heading">Your next tour</h2>
        {active.length > 0 ? (
          <ul className="booking-list">
            {active.map((booking) => (
              <BookingCard key={booking.id} booking={booking} active />
            ))}
          </ul>
        ) : (
          <p className="account__empty">{SCREEN_TEXT.noUpcomingTours}</p>
        )}
      </section>
      <section className="account__group" aria-labelledby="other-bookings-heading">
        <h2 id="other-bookings-heading">Other bookings</h2>
        {archived.length > 0 ? (
          <ul className="booking-list">
            {archived.map((booking) => (
              <BookingCard key={booking.id} booking={booking} active={false} />
            ))}
          </ul>
        ) : (
          <p className="account__empty">You have no past tours with us yet.</p>
        )}
      </section>
    </>
  );
}

function BookingGroupsPlaceholder() {
  return (
    <section className="account__group" aria-labelledby="next-tour-heading" aria-busy="true">
      <h2 id="next-tour-heading">Your next tour</h2>
      <Spinner label="Loading your bookings" />
      <ul className="booking-list">
        <BookingCardPlaceholder />
        <BookingCardPlaceholder />
      </ul>
    </section>
  );
}
