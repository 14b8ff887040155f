import { OPTIONAL_ONLY_DAYS } from '@tours/domain/booking/departure-rules';
import { enquiryHref } from '@tours/domain/catalogue/enquiry';
import { roomsSoldOut, type TourDeparture } from '@tours/domain/contracts/catalogue';
import { SCREEN_TEXT } from '@tours/domain/messages';
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo } from 'react';
import { useInRouterContext, useSearchParams } from 'react-router';
import { Notice } from '../../../../components/ui/notice.tsx';
import { bookableOnline, ON_REQUEST, placesLabel, roomsLeftLabel } from '../../../../lib/departure-availability.ts';
import { departureAvailabilityQuery } from '../../api/departure-availability-api.ts';
import { readBookingQuery } from '../../booking-query.ts';
import { useProductStore } from '../../store/product-store.ts';

/**
 * Step 1's 'know before you start' panel: places left, the room types left
 * and whether this departure can be booked online, read from the inventory
 * before anyone fills in the form. When it cannot be bought online it says
 * so first, with the enquiry ('This tour is on request'), and the form below
 * becomes the way to send a quote rather than the way to book.
 */
export function DepartureAvailability() {
  // The departure is the one in /book's URL; a step rendered on its own (unit tests) has none.
  return useInRouterContext() ? <RoutedAvailability /> : null;
}

function RoutedAvailability() {
  const [searchParams] = useSearchParams();
  const search = searchParams.toString();
  const query = useMemo(() => readBookingQuery(new URLSearchParams(search)), [search]);
  const availability = useQuery({ ...departureAvailabilityQuery(query?.tour ?? '', query?.departure ?? ''), enabled: query !== null });
  const tour = useProductStore((state) => state.tour);
  const headingId = useId();
  if (!query || availability.isError) return null;

  return (
    <section className="departure-availability" aria-labelledby={headingId} aria-busy={availability.isPending}>
      {/* On a phone the rows say what they are: the heading is for screen readers there. */}
      <h3 id={headingId} className="departure-availability__title visually-hidden-phone">
        Availability
      </h3>
      {availability.isPending ? (
        <p className="departure-availability__loading" role="status">
          Checking places and rooms…
        </p>
      ) : (
        <Facts
          departure={availability.data}
          tourName={tour && tour.code.toUpperCase() === query.tour ? tour.name : query.tour}
          tourCode={query.tour}
        />
      )}
    </section>
  );
}

function Facts({ departure, tourName, tourCode }: { departure: TourDeparture; tourName: string; tourCode: string }) {
  const bookable = bookableOnline(departure);
  const noRooms = departure.available_to_book && roomsSoldOut(departure);
  return (
    <>
      <dl className="departure-availability__facts">
        <div>
          <dt>Places</dt>
          <dd>{bookable ? placesLabel(departure) : noRooms ? 'No rooms left' : ON_REQUEST}</dd>
        </div>
        {departure.room_types.length > 0 ? (
          <div>
            <dt>Rooms</dt>
            <dd>
              <ul className="departure-availability__rooms">
                {departure.room_types.map((room) => (
                  <li key={room.type} className={room.rooms_left > 0 ? undefined : 'departure-availability__gone'}>
                    {room.type}: {roomsLeftLabel(room)}
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        ) : null}
        <div>
          <dt>Booking online</dt>
          <dd>
            {!bookable
              ? 'Not available online'
              : departure.booking_mode === 'optional'
                ? `Optional booking (under ${OPTIONAL_ONLY_DAYS / 7} weeks away)`
                : 'Available: book and pay online'}
          </dd>
        </div>
      </dl>
      {bookable ? null : (
        <Notice tone="warning" title={SCREEN_TEXT.onRequest} titleAs="h3" className="departure-availability__request">
          <p>
            {noRooms ? 'Every room on this departure is taken, ' : 'This departure is not open to online booking, '}
            so it cannot be bought here. Our team will be glad to check availability for you.
          </p>
          <p>
            <a className="button button--primary" href={enquiryHref({ name: tourName, code: tourCode, start: departure.start_date })}>
              Enquire about {tourName}
            </a>
          </p>
          <p className="departure-availability__secondary">
            You may still send your details below: we will keep them with a quote and contact you.
          </p>
        </Notice>
      )}
    </>
  );
}
