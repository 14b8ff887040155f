import type { AccountPassenger, AddressRecord, CorrespondenceRecord } from '@tours/domain';
import type { Correspondence, InsuranceDetails, PostalAddress } from '../../db/json-types.ts';
import type { PassengerRow } from './passenger-details.ts';

/**
 * Passengers and correspondence in the account's shapes (spec section 3),
 * as the account area and the staff console answer them: the rows are this
 * module's, so their presentation is too.
 */

/** A stored address in the account's shape: the optional lines as empty strings. */
export function addressRecord(address: PostalAddress): AddressRecord {
  return { ...address, line_2: address.line_2 ?? '', line_3: address.line_3 ?? '' };
}

/** Optional insurance fields may have been stored as null by hand; the account shape has '' for 'not given'. */
function insuranceRecord(insurance: InsuranceDetails): NonNullable<AccountPassenger['insurance']> {
  const text = (value: string | null | undefined) => value ?? '';
  return {
    company_name: text(insurance.company_name),
    company_number: text(insurance.company_number),
    policy_number: text(insurance.policy_number),
    description: text(insurance.description),
    start_date: insurance.start_date,
    expiry_date: insurance.expiry_date,
    next_of_kin: text(insurance.next_of_kin),
    next_of_kin_relationship: text(insurance.next_of_kin_relationship),
    emergency_number: text(insurance.emergency_number),
  };
}

/**
 * A booking passenger in the account's shape (spec section 3, Passenger
 * (account)): a section not answered yet is null, which is what
 * bookingDetailsComplete reads. Used by GET /account/bookings/:booking and by
 * the PATCHes that save a section (the account's and the staff's), so all answer the same record.
 */
export function presentPassenger(row: PassengerRow): AccountPassenger {
  return {
    id: row.id,
    forename: row.givenName,
    surname: row.familyName,
    type: row.type,
    address: row.address ? addressRecord(row.address) : null,
    apis: row.apis ?? null,
    insurance: row.insurance ? insuranceRecord(row.insurance) : null,
    joining_information: row.joiningInformation ?? null,
    arrival_time: row.arrivalTime ?? null,
  };
}

/** Where final documents go, as the account reads it; null until the customer chooses. */
export function presentCorrespondence(stored: Correspondence | null): CorrespondenceRecord | null {
  if (!stored) return null;
  return {
    send_to: stored.send_to,
    alternate_address: stored.send_to === 'alternate_address' && stored.alternate_address ? addressRecord(stored.alternate_address) : null,
  };
}
