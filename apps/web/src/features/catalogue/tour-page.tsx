import type { TourDetail } from '@tours/domain/contracts/catalogue';
import { formatPrice, normaliseCurrency, type CurrencyCode } from '@tours/domain/money';
import { useId, type ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { Notice } from '../../components/ui/notice.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ApiRequestError } from '../../lib/api-error.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useTourDetail } from './api/use-catalogue.ts';
import { fromPrice, speakerName } from './catalogue-format.ts';
import { CurrencySwitch } from './components/currency-switch.tsx';
import { DepartureList } from './components/departure-list.tsx';
import { TourPicture } from './components/tour-picture.tsx';
import './catalogue.css';

/** The hero picture fills half the page on a laptop and the whole width on a phone. */
const HERO_SIZES = '(min-width: 64rem) 36rem, 100vw';
const INLINE_SIZES = '(min-width: 64rem) 44rem, 100vw';

/** /tours/{code}: everything about one tour, read before booking a departure of it. */
export function TourPage() {
  const { code = '' } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const currency = normaliseCurrency(searchParams.get('currency'));
  const tour = useTourDetail(code);
  useDocumentTitle(tour.data?.name ?? 'Tour');

  const chooseCurrency = (next: CurrencyCode) =>
    setSearchParams(next === 'GBP' ? {} : { currency: next }, { replace: true, preventScrollReset: true });
  const allTours = currency === 'GBP' ? '/tours' : `/tours?currency=${currency}`;

  if (tour.isPending) {
    return (
      <div className="page page--wide">
        <h1 className="visually-hidden">Tour</h1>
        <Spinner label="Loading the tour" />
      </div>
    );
  }
  if (tour.isError) {
    const missing = tour.error instanceof ApiRequestError && tour.error.status === 404;
    return (
      <div className="page">
        <h1>{missing ? 'Tour not found' : 'We could not load this tour'}</h1>
        <Notice tone="warning">
          <p>{missing ? `We have no tour with the code ${code.toUpperCase()}.` : 'Please try again in a moment.'}</p>
          {missing ? null : (
            <Button variant="secondary" onClick={() => void tour.refetch()} busy={tour.isFetching}>
              Try again
            </Button>
          )}
          <ButtonLink to={allTours} variant={missing ? 'primary' : 'ghost'}>
            See all our tours
          </ButtonLink>
        </Notice>
      </div>
    );
  }
  return <TourContent tour={tour.data} currency={currency} allTours={allTours} onCurrency={chooseCurrency} />;
}

function TourContent({ tour, currency, allTours, onCurrency }: { tour: TourDetail; currency: CurrencyCode; allTours: string; onCurrency: (c: CurrencyCode) => void }) {
  const [hero, ...more] = tour.pictures;
  const from = fromPrice(tour, currency);
  const speakersTitle = tour.kind === 'online_talk' ? 'Your speaker' : tour.speakers.length > 1 ? 'Your lecturers' : 'Your lecturer';
  return (
    <div className="page page--wide tour-page">
      <p className="tour-page__back">
        <Link className="text-link" to={allTours}>
          All tours
        </Link>
      </p>
      <div className="tour-hero">
        <div className="tour-hero__text">
          <p className="eyebrow">{tour.brand_channel_name}</p>
          <h1>{tour.name}</h1>
          <p className="lede">{tour.description}</p>
          <p className="tour-hero__from">
            {from ? (
              <>
                From <strong>{formatPrice(from.value, from.currency)}</strong> per person
              </>
            ) : (
              'Prices on request'
            )}
          </p>
          <a className="button button--primary" href="#dates">
            See dates and book
          </a>
        </div>
        {hero ? <TourPicture picture={hero} sizes={HERO_SIZES} priority className="tour-hero__picture" /> : null}
      </div>

      <div className="tour-page__body">
        <Section title="About this tour">
          <p className="tour-page__summary">{tour.summary}</p>
        </Section>

        {tour.itinerary.length > 0 ? (
          <Section title="Itinerary">
            <ol className="itinerary">
              {tour.itinerary.map((day) => (
                <li key={day.day} className="itinerary__day">
                  <h3>
                    <span className="itinerary__number">Day {day.day}</span> {day.title}
                  </h3>
                  <p>{day.description}</p>
                </li>
              ))}
            </ol>
          </Section>
        ) : null}

        {more.map((picture) => (
          <TourPicture key={picture.variants[0]?.url} picture={picture} sizes={INLINE_SIZES} className="tour-page__picture" />
        ))}

        {tour.included.length > 0 ? (
          <Section title="What is included">
            <ul className="tour-page__included">
              {tour.included.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </Section>
        ) : null}

        {tour.hotels.length > 0 ? (
          <Section title={tour.hotels.length > 1 ? 'Hotels' : 'Hotel'}>
            <ul className="tour-page__cards">
              {tour.hotels.map((hotel) => (
                <li key={hotel.name}>
                  <h3>{hotel.name}</h3>
                  <p className="tour-page__muted">{hotel.city}</p>
                  <p>{hotel.description}</p>
                </li>
              ))}
            </ul>
          </Section>
        ) : null}

        {tour.speakers.length > 0 ? (
          <Section title={speakersTitle}>
            <ul className="tour-page__cards">
              {tour.speakers.map((speaker) => (
                <li key={speakerName(speaker)}>
                  <h3>{speakerName(speaker)}</h3>
                  {speaker.biography ? <p>{speaker.biography}</p> : null}
                </li>
              ))}
            </ul>
          </Section>
        ) : null}

        <Section title="Dates and prices" id="dates">
          <div className="tour-page__dates-head">
            <p className="tour-page__muted">Prices are per person. Places and rooms are as they stand now.</p>
            <CurrencySwitch value={currency} onChange={onCurrency} />
          </div>
          <DepartureList tour={tour} currency={currency} />
        </Section>
      </div>
    </div>
  );
}

function Section({ title, id, children }: { title: string; id?: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className="tour-page__section" aria-labelledby={headingId} id={id}>
      <h2 id={headingId}>{title}</h2>
      {children}
    </section>
  );
}
