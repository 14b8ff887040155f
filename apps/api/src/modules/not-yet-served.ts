import type { EndpointName } from '@tours/domain';

/**
 * Calls of the contract (ENDPOINTS) that no route serves yet, each naming the
 * capability that will serve it. The endpoints test fails for any other
 * contract without a route, and for a call listed here that is served, so
 * this list only ever shrinks.
 */
export const NOT_YET_SERVED: Partial<Record<EndpointName, string>> = {
  listAccountBookings: 'Account area, issue #11',
  getAccountBooking: 'Account area, issue #11',
  listPayments: 'Account area, issue #11',
  submitPaymentReceipt: 'Account area, issue #11',
  createAccountPaymentToken: 'Account area, issue #11',

  updatePassenger: 'Passenger information and documents, issue #12',
  updateCorrespondence: 'Passenger information and documents, issue #12',
  listDocuments: 'Passenger information and documents, issue #12',
  downloadDocument: 'Passenger information and documents, issue #12',

  listAgents: 'Travel agents, issue #13',
  getAgent: 'Travel agents, issue #13',
  listAgentStaff: 'Travel agents, issue #13',
  registerAgent: 'Travel agents, issue #13',
  registerAgentStaff: 'Travel agents, issue #13',
  confirmAgentBooking: 'Travel agents, issue #13',
};
