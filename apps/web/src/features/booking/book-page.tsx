import { formatShortDate } from '@tours/domain';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { tourLookupQuery } from './api/booking-api.ts';
import { bookingQueryKey, readBookingQuery, type BookingQuery } from './booking-query.ts';
import { BookingView } from './components/booking-view.tsx';
import { FinishedBookingScreen, UnableToInitiate, UnconfirmedScreen } from './components/outcome-screens.tsx';
import { readStepParam } from './flow/step-param.ts';
import { useBookingSession } from './flow/use-booking-session.ts';
import { resumeConfirmationOnDemand } from './payment/resume-confirmation.ts';
import { useBookingStore } from './store/booking-store.ts';
import { awaitingConfirmation, usePaymentStore } from './store/payment-store.ts';
import { productMatches, useProductStore } from './store/product-store.ts';
import './components/booking-layout.css';

// Shown only when a paid booking's departure cannot be looked up: loaded then, not with every visit.
const PaymentConfirmationStatus = lazy(async () => ({ default: (await import('./steps/review/payment-status.tsx')).PaymentConfirmationStatus }));

/**
 * /book?tour=CODE&departure=YYYY-MM-DD[&currency=GBP|USD|AUD] (spec section
 * 2, Booking view): the stepped booking flow for one tour departure.
 */
export function BookPage() {
  useDocumentTitle('Book your tour');
  const [searchParams] = useSearchParams();
  const read = readBookingQuery(searchParams);
  const key = read ? bookingQueryKey(read) : null;
  // The query's contents, not the params object (a new one every render) nor the rest of the URL (the step), decide when it is read again.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const query = useMemo(() => read, [key]);

  return (
    <div className="page booking-page">
      {/* On a phone the tour line below names the page to the eye, so the step starts in the first screen. */}
      <h1 className="visually-hidden-phone">Book your tour</h1>
      {query ? <BookingEntry key={bookingQueryKey(query)} query={query} arrivedAtStep={readStepParam(searchParams) !== null} /> : <UnableToInitiate />}
    </div>
  );
}

/**
 * Looks the departure up (GET /tours/find) and checks the stored booking
 * against the URL before anything is shown. Keyed by the query, so another
 * tour, date or currency in the URL starts from scratch.
 */
function BookingEntry({ query, arrivedAtStep }: { query: BookingQuery; arrivedAtStep: boolean }) {
  const session = useBookingSession(query, arrivedAtStep);
  const lookup = useTourLookup(query);
  // The step's first render is the page's heaviest (every field of the form). Deferred, React renders it
  // in slices the browser can answer input between, not as one long task (issue 15, total blocking time).
  const tour = useDeferredValue(lookup.data ?? null, null);

  if (session.finished) return <FinishedBookingScreen finished={session.finished} tourName={lookup.data?.name ?? null} onBookAgain={session.bookAgain} />;
  if (!session.ready || (!tour && (lookup.isPending || lookup.data))) {
    return <BookingLoading />;
  }
  if (session.paidBookingPath) return <Navigate to={session.paidBookingPath} replace />;
  if (session.endedUnconfirmed) return <UnconfirmedScreen bookingId={session.endedUnconfirmed.bookingId} />;
  if (!tour) return <WithoutTour />;

  return (
    <>
      <p className="lede booking-page__tour">
        {tour.name}, departing {formatShortDate(tour.start)}
      </p>
      <BookingView query={query} tour={tour} timedOut={session.timedOut} onRestart={session.restart} />
    </>
  );
}

function BookingLoading() {
  return (
    <div className="booking-page__loading">
      <Spinner label="Loading your tour" />
    </div>
  );
}

/**
 * The departure could not be looked up. A booking paid for is still
 * confirmed (the session resumed it) and its outcome shown; only a booking
 * not yet paid gets the warning.
 */
function WithoutTour() {
  const active = useBookingStore((state) => state.activeBooking);
  const step = useBookingStore((state) => state.step);
  const unconfirmed = useBookingStore((state) => state.unconfirmed);
  const paid = usePaymentStore(awaitingConfirmation);
  if (active && step === '5a') return <Navigate to="/booking-confirmation" replace />;
  if (active && unconfirmed) return <UnconfirmedScreen bookingId={active.id} />;
  if (active && paid) {
    return (
      <Suspense fallback={<BookingLoading />}>
        <PaymentConfirmationStatus bookingId={active.id} onRetry={() => void resumeConfirmationOnDemand()} />
      </Suspense>
    );
  }
  return <UnableToInitiate />;
}

/**
 * A product stored for this very departure and currency answers at once and
 * is looked up again straight away (initialDataUpdatedAt 0 makes it stale).
 * With one stored, a failed lookup still lets the visitor carry on with the
 * booking they were making; without, it is the warning.
 */
function useTourLookup(query: BookingQuery) {
  const [stored] = useState(() => {
    const product = useProductStore.getState();
    return productMatches(product, query) ? product.tour : undefined;
  });
  const lookup = useQuery({ ...tourLookupQuery(query), initialData: stored, initialDataUpdatedAt: 0 });

  useEffect(() => {
    if (lookup.data) useProductStore.getState().setProduct(lookup.data, query.currency);
  }, [lookup.data, query.currency]);

  return lookup;
}
