import type { EndpointName } from '@tours/domain';

/**
 * Calls of the contract (ENDPOINTS) that no route serves yet, each naming the
 * capability that will serve it. The endpoints test fails for any other
 * contract without a route, and for a call listed here that is served, so
 * this list only ever shrinks.
 */
export const NOT_YET_SERVED: Partial<Record<EndpointName, string>> = {
  startStaffSession: 'staff sign-in with a second factor, issue #26',
  registerStaffPasskey: 'staff sign-in with a second factor, issue #26',
  assertStaffPasskey: 'staff sign-in with a second factor, issue #26',
  useStaffRecoveryCode: 'staff sign-in with a second factor, issue #26',
  startOwnPasskey: 'staff sign-in with a second factor, issue #26',
  addOwnPasskey: 'staff sign-in with a second factor, issue #26',
};
