import { describe, it } from 'vitest';
import { FUZZ_TEST_TIMEOUT_MS, fuzzEndpoint } from './harness.ts';
import { endpointsWithAuth, fuzzServer } from './fuzz-server.ts';

/**
 * Bad input to every account call (auth 'customer'), without a sign-in and
 * with a signed-in customer's token on their own booking, so the handler's
 * checks behind the guard are reached too. FUZZ_RUNS sets the runs (FUZZ_RUNS=2000 for the full size).
 */
describe('fuzzing the account calls', () => {
  const server = fuzzServer();

  it.each(endpointsWithAuth('customer'))('%s', async (name) => {
    const customer = await server.customerCredential();
    await fuzzEndpoint(server.app(), name, { params: customer.params, credentials: {} });
    await fuzzEndpoint(server.app(), name, customer);
  }, FUZZ_TEST_TIMEOUT_MS);
});
