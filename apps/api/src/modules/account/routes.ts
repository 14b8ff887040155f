import { getProfile } from '@tours/domain';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/http-error.ts';
import { registerEndpoint } from '../../lib/register-endpoint.ts';
import { identityOf } from '../../plugins/customer-auth.ts';
import { addressRecord } from '../bookings/index.ts';
import { customerForIdentity } from '../customers/index.ts';

/**
 * Any e-mail address can sign in at the provider; only one a confirmed
 * booking made a customer has an account. The web shows its 'No account
 * found' toast for this answer (404, not the original's 500: nothing failed,
 * docs/decisions/0011-customer-tokens.md).
 */
export const NO_ACCOUNT_MESSAGE = 'No account found for this e-mail address. Please sign in with the e-mail address used on your booking.';

/** The account area's calls (spec section 7, Account); every one needs the signed-in customer's access token. */
export async function accountRoutes(app: FastifyInstance) {
  registerEndpoint(app, getProfile, async (request) => {
    const customer = await customerForIdentity(app.db, identityOf(request), app.clock.now());
    if (!customer) throw notFound(NO_ACCOUNT_MESSAGE);
    return {
      data: {
        customer: { id: customer.id, title: customer.title, forename: customer.forename, surname: customer.surname, email: customer.email },
        address: customer.address ? addressRecord(customer.address) : null,
      },
    };
  });
}
