import { describe, expect, it } from 'vitest';
import { EMPTY_FILTERS, exportQueryFromParams, filtersFromParams, hasFilters, paramsWithFilters, paramsWithPage, searchQueryFromParams, sortFromParams } from './search-params.ts';

const params = (text: string) => new URLSearchParams(text);

/** The bookings search lives in the URL: what the form sets is what the URL keeps and what the API is asked. */
describe('the bookings search in the URL', () => {
  it('reads every filter from the URL, the statuses from their comma list', () => {
    const filters = filtersFromParams(
      params('reference=MER-480153&name=ashworth&email=demo%40&tour=MHW-VIE&agent=AG1001&departure_from=2027-01-01&departure_to=2027-03-31&status=Optional,Confirmed&queue=unconfirmed'),
    );
    expect(filters).toEqual({
      reference: 'MER-480153',
      name: 'ashworth',
      email: 'demo@',
      tour: 'MHW-VIE',
      agent: 'AG1001',
      departure_from: '2027-01-01',
      departure_to: '2027-03-31',
      status: ['Optional', 'Confirmed'],
      queue: 'unconfirmed',
    });
    expect(filtersFromParams(params(''))).toEqual(EMPTY_FILTERS);
    expect(hasFilters(EMPTY_FILTERS)).toBe(false);
    expect(hasFilters({ ...EMPTY_FILTERS, status: ['Cancelled'] })).toBe(true);
  });

  it('writes a search trimmed and without its empty filters, keeps the sort and page size, and starts again at page 1', () => {
    const next = paramsWithFilters(params('sort=-departure&page=4&page_size=50&name=old'), {
      ...EMPTY_FILTERS,
      reference: '  MER-480153 ',
      status: ['Confirmed', 'Optional'],
    });
    // Statuses in the domain's order, whatever order they were ticked in.
    expect(Object.fromEntries(next)).toEqual({ sort: '-departure', page_size: '50', reference: 'MER-480153', status: 'Optional,Confirmed' });
  });

  it('round-trips: the filters the URL gives back are the filters written', () => {
    const filters = { ...EMPTY_FILTERS, name: 'Müller', email: 'a@b.example', departure_from: '2027-05-01', queue: 'balances-overdue', status: ['Quote' as const] };
    expect(filtersFromParams(paramsWithFilters(params(''), filters))).toEqual(filters);
  });

  it('moves between pages, page 1 and the default size being the URL without them', () => {
    expect(paramsWithPage(params('name=x&page=3'), 4).toString()).toBe('name=x&page=4');
    expect(paramsWithPage(params('name=x&page=3'), 1).toString()).toBe('name=x');
    expect(paramsWithPage(params('page=3'), 1, 100).toString()).toBe('page_size=100');
    expect(paramsWithPage(params('page=3&page_size=100'), 1, 25).toString()).toBe('');
  });

  it("turns the DataTable's sort into the API's sort and direction, newest bookings first by default", () => {
    expect(sortFromParams(params(''))).toEqual({ sort: 'created', direction: 'desc' });
    expect(sortFromParams(params('sort=departure'))).toEqual({ sort: 'departure', direction: 'asc' });
    expect(sortFromParams(params('sort=-balance'))).toEqual({ sort: 'balance', direction: 'desc' });
    expect(sortFromParams(params('sort=tour'))).toEqual({ sort: 'created', direction: 'desc' });
  });

  it("asks the API for the URL's filters as typed, its sort and page, and exports the same without pages", () => {
    const url = params('queue=nonsense&status=Confirmed&tour=%20mhw-vie%20&sort=-total&page=2&page_size=50');
    // An unknown queue is passed on for the contract's check to refuse by its field, not dropped.
    expect(searchQueryFromParams(url)).toEqual({ queue: 'nonsense', status: 'Confirmed', tour: 'mhw-vie', sort: 'total', direction: 'desc', page: '2', page_size: '50' });
    expect(searchQueryFromParams(params(''))).toEqual({ sort: 'created', direction: 'desc', page: 1, page_size: 25 });
    expect(exportQueryFromParams(url)).toEqual({ queue: 'nonsense', status: 'Confirmed', tour: 'mhw-vie', sort: 'total', direction: 'desc' });
  });
});
