import { TOUR_KIND_NAMES, TOUR_KINDS, type TourKind } from '@tours/domain/contracts/catalogue';
import type { CurrencyCode } from '@tours/domain/money';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { filtersInUse, PRICE_BANDS, priceBandLabel, type CatalogueFilters, type PriceBandId } from '../catalogue-filters.ts';
import { formatMonth } from '../catalogue-format.ts';


/**
 * Search and filters for /tours. A filter applies as soon as it is chosen;
 * the search applies when submitted, so each Back undoes one whole choice.
 * On a phone they fold behind one 'Search and filters' button (a disclosure:
 * aria-expanded on the button, Escape in the panel folds it and hands focus
 * back), so the first screen shows tours rather than form fields (issue 25);
 * wider screens always show them, and the button is not there.
 */
export function TourFilters({
  filters,
  months,
  currency,
  onChange,
}: {
  filters: CatalogueFilters;
  months: string[];
  currency: CurrencyCode;
  onChange: (next: CatalogueFilters) => void;
}) {
  // The box follows the URL (Back and Forward) until the visitor types.
  const [typed, setTyped] = useState<{ q: string | undefined; text: string } | null>(null);
  const text = typed && typed.q === filters.q ? typed.text : (filters.q ?? '');
  const set = <K extends keyof CatalogueFilters>(key: K, value: CatalogueFilters[K] | '') =>
    onChange({ ...filters, [key]: value === '' ? undefined : value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTyped(null);
    set('q', text.trim());
  };
  // A month chosen from an old link stays listed, so the select shows what the list is filtered by.
  const monthOptions = filters.month && !months.includes(filters.month) ? [filters.month, ...months] : months;
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLFormElement>(null);
  const inUse = filtersInUse(filters);
  // Escape anywhere in the open panel folds it and hands focus back to its button.
  useEffect(() => {
    const panel = panelRef.current;
    if (!open || !panel) return;
    const fold = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggleRef.current?.focus();
    };
    panel.addEventListener('keydown', fold);
    return () => panel.removeEventListener('keydown', fold);
  }, [open]);

  return (
    <>
      <button
        ref={toggleRef}
        type="button"
        className="button button--secondary tour-filters__toggle"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        Search and filters
        {inUse > 0 ? (
          <span className="tour-filters__in-use">
            {inUse}
            <span className="visually-hidden"> in use</span>
          </span>
        ) : null}
      </button>
      <form
        id={panelId}
        className={`tour-filters${open ? ' tour-filters--open' : ''}`}
        role="search"
        aria-label="Find a tour"
        onSubmit={submit}
        ref={panelRef}
      >
        <div className="field tour-filters__search">
          <label className="field__label" htmlFor="tour-search">
            Search
          </label>
          <div className="tour-filters__search-row">
            <input
              id="tour-search"
              className="input"
              type="search"
              name="q"
              maxLength={100}
              placeholder="Composer, place or lecturer"
              value={text}
              onChange={(event) => setTyped({ q: filters.q, text: event.target.value })}
            />
            <Button type="submit" variant="secondary">
              Search
            </Button>
          </div>
        </div>
        <div className="field">
          <label className="field__label" htmlFor="tour-kind">
            Kind
          </label>
          <select id="tour-kind" className="input input--select" value={filters.kind ?? ''} onChange={(event) => set('kind', event.target.value as TourKind | '')}>
            <option value="">All kinds</option>
            {TOUR_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {TOUR_KIND_NAMES[kind].many}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor="tour-month">
            Month
          </label>
          <select id="tour-month" className="input input--select" value={filters.month ?? ''} onChange={(event) => set('month', event.target.value)}>
            <option value="">Any month</option>
            {monthOptions.map((month) => (
              <option key={month} value={month}>
                {formatMonth(month)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor="tour-price">
            Price per person
          </label>
          <select
            id="tour-price"
            className="input input--select"
            value={filters.price ?? ''}
            onChange={(event) => set('price', event.target.value as PriceBandId | '')}
          >
            <option value="">Any price</option>
            {PRICE_BANDS.map((band) => (
              <option key={band.id} value={band.id}>
                {priceBandLabel(band.id, currency)}
              </option>
            ))}
          </select>
        </div>
      </form>
    </>
  );
}
