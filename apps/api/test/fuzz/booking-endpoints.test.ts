import { describe, it } from 'vitest';
import { FUZZ_TEST_TIMEOUT_MS, fuzzEndpoint } from './harness.ts';
import { endpointsWithAuth, fuzzServer } from './fuzz-server.ts';

/**
 * Bad input to every call of a booking being made (auth 'booking'), without
 * a booking token and with a valid one, so the handler's own checks behind
 * the guard are reached too. FUZZ_RUNS sets the runs (FUZZ_RUNS=2000 for the full size).
 */
describe('fuzzing the booking calls', () => {
  const server = fuzzServer();

  it.each(endpointsWithAuth('booking'))('%s', async (name) => {
    const booking = await server.bookingCredential();
    await fuzzEndpoint(server.app(), name, { params: booking.params, credentials: {} });
    await fuzzEndpoint(server.app(), name, booking);
  }, FUZZ_TEST_TIMEOUT_MS);
});
