import { customers } from './schema.ts';

/**
 * Customers: the people who book and later sign in with the e-mail of a
 * booking, and how a signed-in person's access token is checked
 * (docs/decisions/0011-customer-tokens.md). Only this module writes the
 * customers table; a booking is linked to its customer by the bookings module.
 */
export { customerForEmail, customerForIdentity, customerIdByEmail, normaliseEmail, type CustomerRow } from './repository.ts';
export { signedInCustomerId } from './session.ts';
export {
  discoveredKeySet,
  KeySetUnavailable,
  looksLikeJwt,
  reloadingKeySet,
  remoteKeySource,
  verifyAccessToken,
  type CustomerIdentity,
  type KeySource,
} from './access-token.ts';

/** What other modules may read of the customers table in their own statements (a booking's bill-to), never write. */
export const customersReadModel = { customers } as const;
