import { enquiryHref } from '@tours/domain/catalogue/enquiry';
import type { Tour } from '@tours/domain/contracts/catalogue';
import { formatShortDate } from '@tours/domain/dates';
import { SCREEN_TEXT } from '@tours/domain/messages';
import { useEffect, useRef, type ReactNode } from 'react';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { useRegionContact } from '../../../lib/region.ts';
import { useBookingEventOnArrival, type BookingEventProduct } from '../flow/booking-analytics.ts';

/**
 * The availability-error screens (spec section 2). Without a booking the
 * departure is on request and the visitor is invited to enquire; with one, a
 * quote exists in the reservations system and its number is what the
 * visitor quotes on the phone.
 */


/**
 * The screen replaces the step the visitor was on (and the button they
 * pressed), so focus moves to it and a screen reader reads it out.
 */
function FocusOnArrival({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div ref={ref} tabIndex={-1} className="availability-error-focus">
      {children}
    </div>
  );
}

export function OnRequestScreen({ tour, product }: { tour: Tour; product: BookingEventProduct }) {
  useBookingEventOnArrival('no_availability', product);
  return (
    <FocusOnArrival>
      <Notice tone="warning" title={SCREEN_TEXT.onRequest} titleAs="h2" className="availability-error">
        <p>
          {tour.name} ({tour.code}), departing {formatShortDate(tour.start)}, cannot be booked online. Our team will be glad to
          check availability for you.
        </p>
        <p>
          <a className="button button--primary" href={enquiryHref(tour)}>
            Enquire about {tour.name}
          </a>
        </p>
      </Notice>
    </FocusOnArrival>
  );
}

export function QuoteScreen({ bookingId, product, onRetry }: { bookingId: number; product: BookingEventProduct; onRetry: () => void }) {
  const { phone } = useRegionContact();
  useBookingEventOnArrival('no_availability', product);
  return (
    <FocusOnArrival>
      <Notice tone="warning" title="We are unable to progress your booking" titleAs="h2" className="availability-error">
        <p>{SCREEN_TEXT.quoteCreated(phone, bookingId)}</p>
        <p>{SCREEN_TEXT.sessionTimedOut}</p>
        <p>
          <Button onClick={onRetry}>Retry</Button>
        </p>
      </Notice>
    </FocusOnArrival>
  );
}

export function UnableToInitiate() {
  const { phone } = useRegionContact();
  return (
    <Notice tone="warning" role="alert">
      <p>{SCREEN_TEXT.unableToInitiate(phone)}</p>
      <ButtonLink to="/tours" variant="secondary">
        Browse our tours
      </ButtonLink>
    </Notice>
  );
}
