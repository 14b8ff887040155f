import { countOf, forCount, normaliseCurrency, OPERATOR, type CurrencyCode } from '@tours/domain';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { Notice } from '../../components/ui/notice.tsx';
import { Skeleton } from '../../components/ui/spinner.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useCatalogue } from './api/use-catalogue.ts';
import { catalogueQuery, hasFilters, readFilters, writeFilters, type CatalogueFilters } from './catalogue-filters.ts';
import { CurrencySwitch } from './components/currency-switch.tsx';
import { TourCard } from './components/tour-card.tsx';
import { TourFilters } from './components/tour-filters.tsx';
import './catalogue.css';

/** Cards in the first row are in view on arrival: their pictures load first. */
const ABOVE_THE_FOLD = 3;

/** Our catalogue (/tours): tours by next departure, filtered and searched, each linking to its page. */
export function CataloguePage() {
  useDocumentTitle('Our tours');
  const [searchParams, setSearchParams] = useSearchParams();
  const search = searchParams.toString();
  // The currency and the filters live in the URL, so a shared or reloaded link shows the same list.
  const currency = normaliseCurrency(searchParams.get('currency'));
  const filters = useMemo(() => readFilters(new URLSearchParams(search)), [search]);
  const catalogue = useCatalogue(catalogueQuery(filters, currency));

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
  // Each filter choice is a history entry: Back returns to the list as it was.
  const chooseFilters = (next: CatalogueFilters) => setSearchParams((current) => writeFilters(current, next), { preventScrollReset: true });

  const items = catalogue.data?.items ?? [];
  const filtered = hasFilters(filters);

  return (
    <div className="page page--wide catalogue">
      <div className="page-intro page-intro--split">
        <div>
          <p className="eyebrow">{OPERATOR.tagline}</p>
          <h1>Our tours</h1>
          <p className="lede">Tours, day trips and online talks, soonest first. Prices are per person.</p>
        </div>
        <CurrencySwitch value={currency} onChange={chooseCurrency} />
      </div>

      <TourFilters filters={filters} months={catalogue.data?.months ?? []} currency={currency} onChange={chooseFilters} />

      {catalogue.isPending ? (
        <div className="tour-grid" aria-busy="true">
          <p className="visually-hidden" role="status">
            Loading tours
          </p>
          {[0, 1, 2].map((index) => (
            <div className="tour-card tour-card--loading" key={index} aria-hidden="true">
              <Skeleton width="100%" height="12em" />
              <Skeleton width="40%" />
              <Skeleton width="80%" height="1.6em" />
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
      ) : (
        <>
          <p className="catalogue__count" role="status" aria-live="polite">
            {items.length === 0 ? '' : countOf(items.length, 'tour')}
            {filtered && items.length > 0 ? ` ${forCount(items.length, 'matches', 'match')} your choices` : ''}
          </p>
          {items.length === 0 ? (
            filtered ? (
              <Notice title="No tours match your choices" titleAs="h2">
                <p>Try another month or kind, or clear the search.</p>
                <Button variant="secondary" onClick={() => chooseFilters({})}>
                  Show all tours
                </Button>
              </Notice>
            ) : (
              <Notice title="No tours are open for booking at the moment" titleAs="h2">
                <p>New departures are added through the year; please call us to hear what is coming.</p>
              </Notice>
            )
          ) : (
            <ul className="tour-grid" aria-label="Tours" aria-busy={catalogue.isPlaceholderData}>
              {items.map((tour, index) => (
                <li key={tour.id}>
                  <TourCard tour={tour} currency={currency} priority={index < ABOVE_THE_FOLD} />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}
