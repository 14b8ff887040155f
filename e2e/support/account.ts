import { expect, type APIRequestContext } from '@playwright/test';
import { uniqueEmail } from './review.ts';

/**
 * A fresh copy of the demo customer for a browser test that changes account
 * data (pays a balance, saves passenger details or correspondence): the
 * worker's server seeds DEMO_CUSTOMER's bookings again under a new e-mail and
 * new references (POST /api/testing/account-customer, mounted because the
 * worker servers run with TEST_FAULTS=true), so demo@example.com stays as
 * every other test of the worker reads it. Sign in with the e-mail
 * (sign-in.ts). Read-only tests may use demo@example.com.
 */

export interface AccountBookingCopy {
  id: number;
  /** Its own reference, not the demo's. */
  reference: string;
  status: 'Quote' | 'Optional' | 'Unconfirmed' | 'Confirmed' | 'Cancelled';
  /** The demo booking it copies. */
  demo_reference: string;
}

export interface AccountCustomer {
  email: string;
  /** In the order of the demo's bookings. */
  bookings: AccountBookingCopy[];
  /** Upcoming, Confirmed, with a balance outstanding and two earlier payments (copy of MER-480153). */
  withBalance: AccountBookingCopy;
  /** Upcoming, Confirmed, paid in full (copy of MER-480297, in USD). */
  paidInFull: AccountBookingCopy;
  /** Confirmed, ended 120 days ago (copy of MER-470861): 'Other bookings'. */
  past: AccountBookingCopy;
  /** Cancelled (copy of MER-481020): in neither group. */
  cancelled: AccountBookingCopy;
}

/** The demo bookings by reference (apps/api/src/db/seed/data/customers.ts). */
const DEMO = { withBalance: 'MER-480153', paidInFull: 'MER-480297', past: 'MER-470861', cancelled: 'MER-481020' } as const;

export async function seedAccountCustomer(request: APIRequestContext, tag = 'account'): Promise<AccountCustomer> {
  const response = await request.post('/api/testing/account-customer', { data: { email: uniqueEmail(tag) } });
  expect(response.status(), await response.text()).toBe(201);
  const { data } = (await response.json()) as { data: { email: string; bookings: AccountBookingCopy[] } };
  const copyOf = (demoReference: string) => {
    const booking = data.bookings.find((b) => b.demo_reference === demoReference);
    if (!booking) throw new Error(`The account copy has no booking copying ${demoReference}`);
    return booking;
  };
  return {
    ...data,
    withBalance: copyOf(DEMO.withBalance),
    paidInFull: copyOf(DEMO.paidInFull),
    past: copyOf(DEMO.past),
    cancelled: copyOf(DEMO.cancelled),
  };
}
