import { describe, expect, it } from 'vitest';
import { BOOKING_STATUSES } from '../booking/statuses.ts';
import { departureDocumentFileName, travelsOnDeparture } from './departures.ts';

describe('who a departure counts', () => {
  it('counts settled bookings only: Confirmed, or Optional with its reference', () => {
    const counted = BOOKING_STATUSES.filter((status) => travelsOnDeparture({ status, reference: 'MER-100001' }));
    expect(counted).toEqual(['Optional', 'Confirmed']);
    expect(travelsOnDeparture({ status: 'Optional', reference: null })).toBe(false);
    expect(travelsOnDeparture({ status: 'Quote', reference: null })).toBe(false);
  });

  it('names a document by its tour and date', () => {
    expect(departureDocumentFileName('flight-manifest', 'MHW-VIE', '2027-02-25', 'pdf')).toBe('flight-manifest-MHW-VIE-2027-02-25.pdf');
    expect(departureDocumentFileName('rooming-list', 'A/B "C"', '2027-02-25', 'csv')).toBe('rooming-list-AB C-2027-02-25.csv'.replace(' ', ''));
  });
});
