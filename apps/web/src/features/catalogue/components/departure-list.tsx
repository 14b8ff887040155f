import { OPTIONAL_ONLY_DAYS } from '@tours/domain/booking/departure-rules';
import { enquiryHref } from '@tours/domain/catalogue/enquiry';
import { roomsSoldOut, type TourDeparture, type TourDetail } from '@tours/domain/contracts/catalogue';
import { formatShortDate } from '@tours/domain/dates';
import { SCREEN_TEXT } from '@tours/domain/messages';
import { formatPerPerson, type CurrencyCode } from '@tours/domain/money';
import { Link } from 'react-router';
import { ArrowRightIcon, CalendarIcon } from '../../../components/ui/icons.tsx';
import { bookableOnline, placesLabel, roomsLeftLabel } from '../../../lib/departure-availability.ts';
import { bookingHref, priceIn } from '../catalogue-format.ts';

/** Every future departure of the tour page: dates, price, places, rooms, and Book or an enquiry. */
export function DepartureList({ tour, currency }: { tour: TourDetail; currency: CurrencyCode }) {
  if (tour.departures.length === 0) return <p>No departures are open for booking just now. Please call us to hear what is planned.</p>;
  return (
    <ul className="departures departures--detailed">
      {tour.departures.map((departure) => (
        <DepartureRow key={departure.departure_id} tour={tour} departure={departure} currency={currency} />
      ))}
    </ul>
  );
}

function DepartureRow({ tour, departure, currency }: { tour: TourDetail; departure: TourDeparture; currency: CurrencyCode }) {
  const start = formatShortDate(departure.start_date);
  const end = departure.end_date !== departure.start_date ? formatShortDate(departure.end_date) : null;
  const price = priceIn(departure, currency);
  const bookable = bookableOnline(departure);
  const noRooms = departure.available_to_book && roomsSoldOut(departure);
  const context = (
    <span className="visually-hidden">
      {tour.name}, departing {start}
    </span>
  );
  return (
    <li className="departure" data-departure={departure.start_date}>
      <p className="departure__dates">
        <CalendarIcon className="departure__icon" />
        <span>
          {start}
          {end ? ` – ${end}` : null}
        </span>
      </p>
      <div className="departure__availability">
        <p className={bookable ? 'departure__places' : 'departure__places departure__places--request'}>
          {noRooms ? `No rooms left: ${SCREEN_TEXT.onRequest.toLowerCase()}` : bookable ? placesLabel(departure) : SCREEN_TEXT.onRequest}
        </p>
        {departure.room_types.length > 0 ? (
          <p className="departure__rooms">
            <span className="visually-hidden">Rooms: </span>
            {departure.room_types.map((room) => `${room.type}: ${roomsLeftLabel(room)}`).join(' · ')}
          </p>
        ) : null}
        {bookable && departure.booking_mode === 'optional' ? (
          <p className="departure__note">Under {OPTIONAL_ONLY_DAYS / 7} weeks away: booked as an optional booking while we check availability.</p>
        ) : null}
      </div>
      <p className="departure__price">{price ? formatPerPerson(price.value, price.currency) : 'Price on request'}</p>
      {bookable ? (
        <Link className="departure__link" to={bookingHref(tour.code, departure.start_date, currency)}>
          Book {context}
          <ArrowRightIcon />
        </Link>
      ) : (
        <a className="departure__link departure__link--enquire" href={enquiryHref({ name: tour.name, code: tour.code, start: departure.start_date })}>
          Enquire {context}
        </a>
      )}
    </li>
  );
}
