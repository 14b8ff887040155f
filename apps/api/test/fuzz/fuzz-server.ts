import { ENDPOINTS, type Endpoint, type EndpointName } from '@tours/domain';
import { afterAll, expect } from 'vitest';
import { accountTestServer } from '../account-fixtures.ts';
import { createBooking, lead } from '../booking-fixtures.ts';
import { FUZZ_RUNS, installStop, tally } from './harness.ts';
import { valueClassReport } from './value-classes.ts';
import { takesJson } from './zod-arbitrary.ts';

/** The endpoints of one auth kind, by name. */
export const endpointsWithAuth = (auth: Endpoint['auth']) =>
  (Object.entries(ENDPOINTS) as [EndpointName, Endpoint][]).filter(([, endpoint]) => endpoint.auth === auth && takesJson(endpoint)).map(([name]) => name);

/**
 * The app the fuzz talks to: the account tests' (customer tokens signed by
 * the test, the testing routes that copy the demo customer) with the fuzz's
 * stop for malformed requests that pass the contract. Prints how many
 * requests the file sent, by status.
 */
export function fuzzServer() {
  const server = accountTestServer({ routes: installStop });
  const started = Date.now();
  afterAll(() => {
    console.info(`fuzz: ${tally.requests} requests in ${((Date.now() - started) / 1000).toFixed(1)} s (FUZZ_RUNS=${FUZZ_RUNS}), by status ${JSON.stringify(tally.byStatus)}`);
    console.info(`fuzz: hostile values sent (requests carrying each): ${valueClassReport()}`);
  });

  /** A booking being made (a booking token) and its tour; step 1 again with the same party, which the handler stores. */
  async function bookingCredential() {
    const booking = await createBooking(server.app(), { code: 'MHW-VIE', startsInDays: 90 });
    const bodies = { [ENDPOINTS.updatePassengers.path]: { passengers: [lead], source: { id: 63, subsource_id: 165, subsource_description: 'A friend' } } };
    return { credentials: booking.headers, params: { id: String(booking.tourId) }, bodies };
  }

  /** A signed-in customer with a booking, a passenger of it, and the booking's documents. */
  async function customerCredential() {
    const customer = await server.seedCustomer();
    const app = server.app();
    const detail = await app.inject({ method: 'GET', url: `/api/account/bookings/${customer.withBalance.id}`, headers: customer.headers });
    expect(detail.statusCode, detail.body).toBe(200);
    const passenger = detail.json().data.passengers[0].id as number;
    // The documents list signs its links with a key made on first use: made here, so no fuzzed request is the first.
    const documents = await app.inject({ method: 'GET', url: `/api/account/bookings/${customer.withBalance.id}/documents`, headers: customer.headers });
    expect(documents.statusCode, documents.body).toBe(200);
    return {
      credentials: customer.headers,
      params: { booking: String(customer.withBalance.id), passenger: String(passenger), payment: 'pay_fuzz_unknown', document_id: '1' },
    };
  }

  return { ...server, bookingCredential, customerCredential };
}
