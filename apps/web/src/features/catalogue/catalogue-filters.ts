import { formatPrice, MINOR_PER_MAJOR, monthSchema, TOUR_KINDS, type CatalogueQuery, type CurrencyCode, type TourKind } from '@tours/domain';

/**
 * The /tours filters live in the page's URL (month, kind, price, q), so a
 * shared link shows the same list and Back and Forward step through the
 * visitor's choices. Anything unrecognised in the URL is ignored.
 */
export interface CatalogueFilters {
  month?: string;
  kind?: TourKind;
  price?: PriceBandId;
  q?: string;
}

/** Per person, in whole units of the chosen currency; bands do not overlap. */
export const PRICE_BANDS = [
  { id: 'up-to-250', max: 250 },
  { id: '250-1000', min: 250, max: 1000 },
  { id: '1000-3000', min: 1000, max: 3000 },
  { id: 'over-3000', min: 3000 },
] as const satisfies readonly { id: string; min?: number; max?: number }[];
export type PriceBandId = (typeof PRICE_BANDS)[number]['id'];
type PriceBand = (typeof PRICE_BANDS)[number];

export const FILTER_KEYS = ['month', 'kind', 'price', 'q'] as const;

export function readFilters(params: URLSearchParams): CatalogueFilters {
  const filters: CatalogueFilters = {};
  const month = params.get('month');
  if (month && monthSchema.safeParse(month).success) filters.month = month;
  const kind = params.get('kind');
  if (kind && (TOUR_KINDS as readonly string[]).includes(kind)) filters.kind = kind as TourKind;
  const price = PRICE_BANDS.find((band) => band.id === params.get('price'));
  if (price) filters.price = price.id;
  const q = params.get('q')?.trim();
  if (q) filters.q = q.slice(0, 100);
  return filters;
}

/** The URL's search with these filters, keeping what else it holds (the currency). */
export function writeFilters(current: URLSearchParams, filters: CatalogueFilters): URLSearchParams {
  const params = new URLSearchParams(current);
  for (const key of FILTER_KEYS) {
    const value = filters[key];
    if (value) params.set(key, value);
    else params.delete(key);
  }
  return params;
}

export const hasFilters = (filters: CatalogueFilters) => FILTER_KEYS.some((key) => Boolean(filters[key]));

/** How many of the search and the filters are in use, for the phone's 'Search and filters' button. */
export const filtersInUse = (filters: CatalogueFilters): number => FILTER_KEYS.filter((key) => Boolean(filters[key])).length;

/**
 * GET /tours's query. The price band becomes minor units in the chosen
 * currency; without one the currency does not matter to the answer, so it is
 * left out and switching currency needs no new request.
 */
export function catalogueQuery(filters: CatalogueFilters, currency: CurrencyCode): CatalogueQuery {
  const query: CatalogueQuery = {};
  if (filters.month) query.month = filters.month;
  if (filters.kind) query.kind = filters.kind;
  if (filters.q) query.q = filters.q;
  const band: PriceBand | undefined = PRICE_BANDS.find((candidate) => candidate.id === filters.price);
  if (band) {
    query.currency = currency;
    // The lower bound is exclusive, so a price on a boundary falls in one band only.
    if ('min' in band) query.price_min = band.min * MINOR_PER_MAJOR + 1;
    if ('max' in band) query.price_max = band.max * MINOR_PER_MAJOR;
  }
  return query;
}

export function priceBandLabel(id: PriceBandId, currency: CurrencyCode): string {
  const band: PriceBand = PRICE_BANDS.find((candidate) => candidate.id === id)!;
  const money = (major: number) => formatPrice(major * MINOR_PER_MAJOR, currency);
  if (!('min' in band)) return `Up to ${money(band.max)}`;
  if (!('max' in band)) return `Over ${money(band.min)}`;
  return `${money(band.min)} to ${money(band.max)}`;
}
