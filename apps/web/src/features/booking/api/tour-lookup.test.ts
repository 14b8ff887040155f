import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock.ts';
import { TOUR } from '../testing/booking-fixtures.ts';
import { EARLY_LOOKUP_MAX_AGE_MS, lookUpTourEarly, takeEarlyTourLookup } from './tour-lookup.ts';

const VIENNA = { tour: 'MHW-VIE', departure: '2027-06-12', currency: 'GBP' as const };
const lookups = (fetchMock: ReturnType<typeof mockFetch>) => fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('/tours/find'));

afterEach(() => {
  // Nothing taken is left for the next test.
  takeEarlyTourLookup(VIENNA);
});

describe("the departure's lookup asked before the page loads", () => {
  it('is sent at once for the booking the address names, and its answer is taken once', async () => {
    const fetchMock = mockFetch(() => jsonResponse({ data: TOUR }));
    lookUpTourEarly('?tour=mhw-vie&departure=2027-06-12&step=1');
    expect(lookups(fetchMock)).toHaveLength(1);
    expect(lookups(fetchMock)[0]).toContain('/api/tours/find?tour=MHW-VIE&departure=2027-06-12&currency=GBP');

    const taken = takeEarlyTourLookup(VIENNA);
    expect(await taken).toEqual(TOUR);
    expect(takeEarlyTourLookup(VIENNA)).toBeNull();
  });

  it('is not given to another tour, date or currency, nor once it is stale', () => {
    mockFetch(() => jsonResponse({ data: TOUR }));
    lookUpTourEarly('?tour=MHW-VIE&departure=2027-06-12');
    expect(takeEarlyTourLookup({ ...VIENNA, currency: 'USD' })).toBeNull();

    lookUpTourEarly('?tour=MHW-VIE&departure=2027-06-12', 1_000);
    expect(takeEarlyTourLookup(VIENNA, 1_000 + EARLY_LOOKUP_MAX_AGE_MS + 1)).toBeNull();
  });

  it('asks nothing for an address that names no booking, and a failure goes to whoever takes it', async () => {
    const fetchMock = mockFetch(() => jsonResponse({ error: { code: 'NO_RESULTS', message: 'No tour' } }, 404));
    lookUpTourEarly('?tour=MHW-VIE');
    expect(lookups(fetchMock)).toEqual([]);

    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      lookUpTourEarly('?tour=MHW-VIE&departure=2027-06-12');
      await expect(takeEarlyTourLookup(VIENNA)).rejects.toMatchObject({ status: 404 });
      // One that nobody takes is not an unhandled rejection either.
      lookUpTourEarly('?tour=MHW-VIE&departure=2027-06-12');
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});
