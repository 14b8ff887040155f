import { BOOKING_STATUSES, type BookingStatus } from '@tours/domain/booking/statuses';
import { STAFF_BOOKING_SORTS, STAFF_PAGE_SIZES, type StaffBookingSort } from '@tours/domain/contracts/staff/bookings';
import type { SortingState } from '@tanstack/react-table';

/**
 * The bookings search as the URL keeps it, so Back, Forward, a reload and a
 * link from the work queue all give the same list. The URL's keys are the
 * API's query keys (GET /api/staff/bookings), so what a member reads in the
 * address bar is what is asked; only the sort is written the DataTable's
 * way (`sort=departure`, `sort=-departure`) and split into sort and
 * direction for the API. Values are passed on as typed: a wrong one is
 * refused by the contract's check (before sending, or by the API's 400) and
 * shown by its field, never quietly dropped.
 */

/** The text filters, in the form's order. */
export const TEXT_FILTERS = ['reference', 'name', 'email', 'tour', 'agent'] as const;
export const DATE_FILTERS = ['departure_from', 'departure_to'] as const;
type TextFilter = (typeof TEXT_FILTERS)[number] | (typeof DATE_FILTERS)[number] | 'queue';

export type SearchFilters = Record<TextFilter, string> & { status: BookingStatus[] };

export const EMPTY_FILTERS: SearchFilters = {
  reference: '',
  name: '',
  email: '',
  tour: '',
  agent: '',
  departure_from: '',
  departure_to: '',
  queue: '',
  status: [],
};

const FILTER_KEYS = [...TEXT_FILTERS, ...DATE_FILTERS, 'queue', 'status'] as const;

/** The list's order when the URL names none: the newest bookings first, as the API's own default. */
export const DEFAULT_SORT: SortingState = [{ id: 'created', desc: true }];
export const SORTABLE_COLUMNS: readonly StaffBookingSort[] = STAFF_BOOKING_SORTS;

export const PAGE_SIZES = [25, 50, 100] as const;

const isStatus = (value: string): value is BookingStatus => (BOOKING_STATUSES as readonly string[]).includes(value);

export function filtersFromParams(params: URLSearchParams): SearchFilters {
  const text = (key: TextFilter) => params.get(key) ?? '';
  return {
    reference: text('reference'),
    name: text('name'),
    email: text('email'),
    tour: text('tour'),
    agent: text('agent'),
    departure_from: text('departure_from'),
    departure_to: text('departure_to'),
    queue: text('queue'),
    status: (params.get('status') ?? '')
      .split(',')
      .map((status) => status.trim())
      .filter(isStatus),
  };
}

/** Whether any filter is set: an empty list then means 'no booking matches', not 'no bookings at all'. */
export const hasFilters = (filters: SearchFilters): boolean => FILTER_KEYS.some((key) => (key === 'status' ? filters.status.length > 0 : filters[key].trim() !== ''));

/**
 * The URL after a search: the new filters (trimmed; empty ones left out), the
 * sort and page size kept, and back to the first page, since page 7 of the
 * old list means nothing in the new one.
 */
export function paramsWithFilters(current: URLSearchParams, filters: SearchFilters): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const key of FILTER_KEYS) next.delete(key);
  next.delete('page');
  for (const key of FILTER_KEYS) {
    const value = key === 'status' ? BOOKING_STATUSES.filter((status) => filters.status.includes(status)).join(',') : filters[key].trim();
    if (value !== '') next.set(key, value);
  }
  return next;
}

/** The URL on another page of the same list (page 1 is the URL without `page`). */
export function paramsWithPage(current: URLSearchParams, page: number, pageSize?: number): URLSearchParams {
  const next = new URLSearchParams(current);
  if (page <= 1) next.delete('page');
  else next.set('page', String(page));
  if (pageSize !== undefined) {
    if (pageSize === STAFF_PAGE_SIZES.default) next.delete('page_size');
    else next.set('page_size', String(pageSize));
  }
  return next;
}

/** The sort as the DataTable keeps it in the URL, as the API takes it. */
export function sortFromParams(params: URLSearchParams): { sort: StaffBookingSort; direction: 'asc' | 'desc' } {
  const raw = params.get('sort') ?? '';
  const id = raw.replace(/^-/, '');
  const known = SORTABLE_COLUMNS.find((column) => column === id);
  if (!known) return { sort: 'created', direction: 'desc' };
  return { sort: known, direction: raw.startsWith('-') ? 'desc' : 'asc' };
}

const filterQuery = (params: URLSearchParams) => {
  const query: Record<string, string> = {};
  // The filters as the URL has them (not as filtersFromParams reads them): an unknown status or queue is the API's to refuse.
  for (const key of FILTER_KEYS) {
    const value = params.get(key)?.trim();
    if (value) query[key] = value;
  }
  return query;
};

/** GET /api/staff/bookings's query for the URL: the filters, the sort, the page and its size. */
export function searchQueryFromParams(params: URLSearchParams): Record<string, string | number> {
  return {
    ...filterQuery(params),
    ...sortFromParams(params),
    page: params.get('page') ?? 1,
    page_size: params.get('page_size') ?? STAFF_PAGE_SIZES.default,
  };
}

/** GET /api/staff/bookings.csv's query: the same filters and sort, every page. */
export function exportQueryFromParams(params: URLSearchParams): Record<string, string> {
  return { ...filterQuery(params), ...sortFromParams(params) };
}
