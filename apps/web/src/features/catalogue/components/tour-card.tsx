import { countOf, formatPrice, formatShortDate, type CatalogueTour, type CurrencyCode } from '@tours/domain';
import { useId } from 'react';
import { Link } from 'react-router';
import { ArrowRightIcon, CalendarIcon } from '../../../components/ui/icons.tsx';
import { placesLabel } from '../../../lib/departure-availability.ts';
import { fromPrice, speakerName, tourHref } from '../catalogue-format.ts';
import { TourPicture } from './tour-picture.tsx';

/** Cards sit three, two or one to a row: the picture is never wider than this. */
const CARD_SIZES = '(min-width: 75rem) 24rem, (min-width: 48rem) 50vw, 100vw';

export function TourCard({ tour, currency, priority = false }: { tour: CatalogueTour; currency: CurrencyCode; priority?: boolean }) {
  const headingId = useId();
  const from = fromPrice(tour, currency);
  const next = tour.next_departure;
  const more = tour.departures.length - 1;
  const href = tourHref(tour.code, currency);
  return (
    <article className="tour-card" aria-labelledby={headingId}>
      {tour.picture ? (
        <TourPicture picture={tour.picture} sizes={CARD_SIZES} priority={priority} className="tour-card__picture" />
      ) : (
        <div className="tour-card__picture tour-card__picture--none" aria-hidden="true" />
      )}
      <div className="tour-card__body">
        <p className="tour-card__channel">{tour.brand_channel_name}</p>
        <h2 className="tour-card__name" id={headingId}>
          <Link to={href}>{tour.name}</Link>
        </h2>
        {tour.speakers.length > 0 ? (
          <p className="tour-card__speakers">
            <span className="tour-card__speakers-label">With </span>
            {tour.speakers.map(speakerName).join(', ')}
          </p>
        ) : null}
        {tour.description ? <p className="tour-card__description">{tour.description}</p> : null}
        <dl className="tour-card__facts">
          <div>
            <dt>Next departure</dt>
            <dd>
              {next ? (
                <>
                  <span className="tour-card__date">
                    <CalendarIcon className="departure__icon" />
                    {formatShortDate(next.start_date)}
                  </span>
                  <span className={next.available_to_book && next.places_left > 0 ? 'tour-card__places' : 'tour-card__places tour-card__places--request'}>
                    {placesLabel(next)}
                  </span>
                  {more > 0 ? <span className="tour-card__more">{countOf(more, 'more date', 'more dates')}</span> : null}
                </>
              ) : (
                'No dates open just now'
              )}
            </dd>
          </div>
          <div>
            <dt>From</dt>
            <dd>
              {from ? (
                <>
                  <span className="tour-card__from-price">{formatPrice(from.value, from.currency)}</span>
                  <span className="tour-card__from-unit"> per person</span>
                </>
              ) : (
                'Prices on request'
              )}
            </dd>
          </div>
        </dl>
        <Link className="button button--primary tour-card__link" to={href}>
          See dates and book <span className="visually-hidden">: {tour.name}</span>
          <ArrowRightIcon />
        </Link>
      </div>
    </article>
  );
}
