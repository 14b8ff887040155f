import type { EndpointName } from '@tours/domain';

/**
 * Calls of the contract (ENDPOINTS) that no route serves yet, each naming the
 * capability that will serve it. The endpoints test fails for any other
 * contract without a route, and for a call listed here that is served, so
 * this list only ever shrinks.
 */
export const NOT_YET_SERVED: Partial<Record<EndpointName, string>> = {};
