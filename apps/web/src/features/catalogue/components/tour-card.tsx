import { formatPerPerson, formatPrice, formatShortDate, type CatalogueDeparture, type CatalogueTour, type CurrencyCode } from '@tours/domain';
import { useId } from 'react';
import { Link } from 'react-router';
import { ArrowRightIcon, CalendarIcon } from '../../../components/ui/icons.tsx';
import { bookingHref, byStartDate, fromPrice, placesLabel, priceIn, speakerName } from '../catalogue-format.ts';

export function TourCard({ tour, currency }: { tour: CatalogueTour; currency: CurrencyCode }) {
  const headingId = useId();
  const from = fromPrice(tour, currency);
  const departures = [...tour.departures].sort(byStartDate);
  return (
    <article className="tour-card" aria-labelledby={headingId}>
      <div className="tour-card__head">
        <p className="tour-card__channel">{tour.brand_channel_name}</p>
        <h2 className="tour-card__name" id={headingId}>
          {tour.name}
        </h2>
        {tour.speakers.length > 0 ? (
          <p className="tour-card__speakers">
            <span className="tour-card__speakers-label">With </span>
            {tour.speakers.map(speakerName).join(', ')}
          </p>
        ) : null}
      </div>
      {tour.description ? <p className="tour-card__description">{tour.description}</p> : null}
      <p className="tour-card__from">
        {from ? (
          <>
            <span className="tour-card__from-label">From </span>
            <span className="tour-card__from-price">{formatPrice(from.value, from.currency)}</span>
            <span className="tour-card__from-unit"> per person</span>
          </>
        ) : (
          'Prices on request'
        )}
      </p>
      <h3 className="tour-card__departures-title">Departures</h3>
      {departures.length === 0 ? (
        <p className="tour-card__empty">No departures are open for booking just now.</p>
      ) : (
        <ul className="departures">
          {departures.map((departure) => (
            <DepartureRow key={departure.departure_id} tour={tour} departure={departure} currency={currency} />
          ))}
        </ul>
      )}
    </article>
  );
}

function DepartureRow({ tour, departure, currency }: { tour: CatalogueTour; departure: CatalogueDeparture; currency: CurrencyCode }) {
  const start = formatShortDate(departure.start_date);
  const end = departure.end_date !== departure.start_date ? formatShortDate(departure.end_date) : null;
  const price = priceIn(departure, currency);
  const places = placesLabel(departure);
  const onRequest = !departure.available_to_book;
  return (
    <li className="departure">
      <p className="departure__dates">
        <CalendarIcon className="departure__icon" />
        <span>
          {start}
          {end ? ` – ${end}` : null}
        </span>
      </p>
      <p className={onRequest ? 'departure__places departure__places--request' : 'departure__places'}>{places}</p>
      <p className="departure__price">{price ? formatPerPerson(price.value, price.currency) : 'Price on request'}</p>
      <Link className="departure__link" to={bookingHref(tour.code, departure.start_date, currency)}>
        {onRequest ? 'Enquire' : 'Book'}{' '}
        <span className="visually-hidden">
          {tour.name}, departing {start}
        </span>
        <ArrowRightIcon />
      </Link>
    </li>
  );
}
