import { normaliseCurrency, OPERATOR, type CurrencyCode } from '@tours/domain';
import { useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { Notice } from '../../components/ui/notice.tsx';
import { Skeleton } from '../../components/ui/spinner.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useCatalogue } from './api/use-catalogue.ts';
import { CurrencySwitch } from './components/currency-switch.tsx';
import { TourCard } from './components/tour-card.tsx';

/** Our catalogue (/tours): every tour and departure, each linking into the booking flow. */
export function CataloguePage() {
  useDocumentTitle('Our tours');
  const [searchParams, setSearchParams] = useSearchParams();
  // The currency lives in the URL, so a shared or reloaded link shows the same prices.
  const currency = normaliseCurrency(searchParams.get('currency'));
  const catalogue = useCatalogue();

  const chooseCurrency = (next: CurrencyCode) =>
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        if (next === 'GBP') params.delete('currency');
        else params.set('currency', next);
        return params;
      },
      { replace: true, preventScrollReset: true },
    );

  return (
    <div className="page page--wide">
      <div className="page-intro page-intro--split">
        <div>
          <p className="eyebrow">{OPERATOR.tagline}</p>
          <h1>Our tours</h1>
          <p className="lede">Choose a departure to start your booking. Prices are per person.</p>
        </div>
        <CurrencySwitch value={currency} onChange={chooseCurrency} />
      </div>

      {catalogue.isPending ? (
        <div className="tour-grid" aria-busy="true">
          <p className="visually-hidden" role="status">
            Loading tours
          </p>
          {[0, 1, 2].map((index) => (
            <div className="tour-card tour-card--loading" key={index} aria-hidden="true">
              <Skeleton width="40%" />
              <Skeleton width="80%" height="1.6em" />
              <Skeleton width="60%" />
              <Skeleton width="100%" height="4em" />
            </div>
          ))}
        </div>
      ) : catalogue.isError ? (
        <Notice tone="warning" title="We could not load our tours" titleAs="h2">
          <p>Please try again in a moment.</p>
          <Button variant="secondary" onClick={() => void catalogue.refetch()} busy={catalogue.isFetching}>
            Try again
          </Button>
        </Notice>
      ) : catalogue.data.length === 0 ? (
        <Notice title="No tours are open for booking at the moment" titleAs="h2">
          <p>New departures are added through the year; please call us to hear what is coming.</p>
        </Notice>
      ) : (
        <ul className="tour-grid" aria-label="Tours">
          {catalogue.data.map((tour) => (
            <li key={tour.id}>
              <TourCard tour={tour} currency={currency} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
