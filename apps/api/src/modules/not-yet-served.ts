import type { EndpointName } from '@tours/domain';

/**
 * Calls of the contract (ENDPOINTS) that no route serves yet, each naming the
 * capability that will serve it. The endpoints test fails for any other
 * contract without a route, and for a call listed here that is served, so
 * this list only ever shrinks.
 */
export const NOT_YET_SERVED: Partial<Record<EndpointName, string>> = {

  listAgents: 'Travel agents, issue #13',
  getAgent: 'Travel agents, issue #13',
  listAgentStaff: 'Travel agents, issue #13',
  verifyAgentStaff: 'Travel agents, issue #13',
  registerAgent: 'Travel agents, issue #13',
  registerAgentStaff: 'Travel agents, issue #13',
  confirmAgentBooking: 'Travel agents, issue #13',
};
