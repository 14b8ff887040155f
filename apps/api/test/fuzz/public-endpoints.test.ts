import { ENDPOINTS } from '@tours/domain';
import { describe, expect, it } from 'vitest';
import { bookingBody } from '../booking-fixtures.ts';
import { FUZZ_TEST_TIMEOUT_MS, fuzzEndpoint } from './harness.ts';
import { endpointsWithAuth, fuzzServer } from './fuzz-server.ts';

/**
 * Bad input to every call anyone may make (auth 'none'): never a 5xx, a 4xx
 * in the error envelope with the fields at fault, nothing in the database
 * changed. FUZZ_RUNS sets the runs per endpoint (FUZZ_RUNS=2000 for the full size).
 */
describe('fuzzing the public calls', () => {
  const server = fuzzServer();
  let params: Record<string, string> = {};
  let bodies: Record<string, unknown> = {};

  it('has real path parameters to fuzz around', async () => {
    const app = server.app();
    const tour = await app.inject({ method: 'GET', url: '/api/tours/MHW-VIE' });
    expect(tour.statusCode, tour.body).toBe(200);
    const customer = await server.customerCredential();
    params = { code: 'MHW-VIE', date: tour.json().data.departures[0].start_date, id: 'AG1001', postcode: 'SW1A 2AA', ...customer.params };
    // A booking the handler makes in full, so hostile values in it get as far as the database.
    bodies = { [ENDPOINTS.createBooking.path]: await bookingBody(app, { code: 'MHW-VIE', startsInDays: 90 }) };
  });

  it.each(endpointsWithAuth('none'))('%s', async (name) => {
    await fuzzEndpoint(server.app(), name, { params, credentials: {}, bodies });
  }, FUZZ_TEST_TIMEOUT_MS);
});
