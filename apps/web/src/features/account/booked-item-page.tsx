import type { BookingDetail } from '@tours/domain/contracts/account';
import { bookingParamsSchema } from '@tours/domain/contracts/common';
import type { Payment } from '@tours/domain/contracts/payments';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { Link, useParams } from 'react-router';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { Notice } from '../../components/ui/notice.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { accountKeys } from './api/account-keys.ts';
import { isBookingNotFound, useAccountBooking } from './api/get-account-booking.ts';
import { useBookingPayments } from './api/get-booking-payments.ts';
import { BookedItemBodyPlaceholder, BookedItemHeader, BookedItemHeaderPlaceholder } from './booked-item/booked-item-header.tsx';
import { BOOKED_ITEM_TABS, TAB_INDEX } from './booked-item/booked-item-tabs.ts';
import { TabSwitcher, type TabItem } from './booked-item/tab-switcher.tsx';
import { useBookedItemTab } from './booked-item/use-booked-item-tab.ts';
import { DocumentsTab } from './documents/documents-tab.tsx';
import { PassengerInformationTab } from './passenger-information/passenger-information-tab.tsx';
import { BookingSummaryTab } from './booking-summary/booking-summary-tab.tsx';
import { TravelAdviceNotice } from './components/travel-advice-notice.tsx';
import './account.css';

/** /account/booking/:id, the Booked Item page (spec section 2). */
export function BookedItemPage() {
  const { id } = useParams();
  const parsed = bookingParamsSchema.safeParse({ booking: id });
  const bookingId = parsed.success ? parsed.data.booking : null;
  const booking = useAccountBooking(bookingId);
  // Read alongside the booking, not after it: the page is complete one round trip sooner.
  const payments = useBookingPayments(bookingId);
  const [tab, chooseTab] = useBookedItemTab(bookingId);
  const queryClient = useQueryClient();
  const onPaid = useCallback(() => void queryClient.invalidateQueries({ queryKey: accountKeys.all }), [queryClient]);

  const detail = booking.detail;
  const notFound = bookingId === null || isBookingNotFound(booking.error);
  useDocumentTitle(notFound ? 'Booking not found' : detail ? `Booking ${detail.booking.booking_reference}` : 'Your booking');

  if (notFound) return <BookingNotFound />;

  return (
    <div className="page booked-item">
      <p className="booked-item__back">
        <Link className="text-link" to="/account">
          Back to your bookings
        </Link>
      </p>
      {detail ? (
        <BookedItemHeader detail={detail} />
      ) : (
        <>
          <h1 className="visually-hidden">Your booking</h1>
          {booking.isError ? null : <BookedItemHeaderPlaceholder />}
        </>
      )}
      <TravelAdviceNotice />
      {detail ? (
        <BookedItemTabs detail={detail} tab={tab} onTab={chooseTab} payments={payments.payments} onPaid={onPaid} />
      ) : booking.isError ? (
        <Notice tone="danger" title="We could not load this booking" titleAs="h2" role="alert">
          <p>Please try again in a moment.</p>
          <Button variant="secondary" busy={booking.isFetching} onClick={() => void booking.refetch()}>
            Try again
          </Button>
        </Notice>
      ) : (
        <div className="booked-item__loading">
          <Spinner label="Loading your booking" />
          <BookedItemBodyPlaceholder />
        </div>
      )}
    </div>
  );
}

interface BookedItemTabsProps {
  detail: BookingDetail;
  tab: number;
  onTab: (tab: number) => void;
  payments: readonly Payment[];
  onPaid: () => void;
}

function BookedItemTabs({ detail, tab: chosen, onTab, payments, onPaid }: BookedItemTabsProps) {
  // A remembered index from an older release may be out of range: the summary then.
  const tab = chosen < BOOKED_ITEM_TABS.length ? chosen : TAB_INDEX.summary;
  const tabs: TabItem[] = BOOKED_ITEM_TABS.map((item) => ({
    label: item.label,
    warning: item.key === 'passengers' && !detail.booking.details_complete ? 'details needed' : undefined,
  }));
  return (
    <div className="card booked-item__body">
      <TabSwitcher tabs={tabs} active={tab} onChange={onTab}>
        {tab === TAB_INDEX.passengers ? (
          <PassengerInformationTab detail={detail} />
        ) : tab === TAB_INDEX.documents ? (
          <DocumentsTab detail={detail} />
        ) : (
          <BookingSummaryTab detail={detail} payments={payments} onPaid={onPaid} />
        )}
      </TabSwitcher>
    </div>
  );
}

function BookingNotFound() {
  return (
    <div className="page page--narrow">
      <Notice tone="warning" title="Booking not found" titleAs="h1">
        <p>We could not find that booking in your account. Please choose it from your bookings.</p>
        <ButtonLink to="/account">Back to your bookings</ButtonLink>
      </Notice>
    </div>
  );
}
