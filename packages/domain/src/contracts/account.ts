import { z } from 'zod/mini';
import { currencyCodeSchema, moneyCodeSchema, moneySchema } from '../money.ts';
import {
  arrivalTimeSchema,
  correspondenceSchema,
  insuranceSchema,
  joiningInformationSchema,
  passengerUpdateSchema,
  passportSchema,
  SEND_TO,
} from '../account/forms.ts';
import { bookingStatusSchema } from './booking.ts';
import { componentSchema } from './options.ts';
import { addressSchema, customerSchema } from './session-records.ts';
import { idSchema } from '../input-values.ts';
import { bookingParamsSchema, dataEnvelope, defineEndpoint, isoDateSchema, isoDateTimeSchema, itemsEnvelope } from './common.ts';

export { addressSchema, customerSchema, type AddressRecord, type Customer } from './session-records.ts';

/**
 * The account area's entities and calls (spec sections 3 and 7, Account). All
 * need the signed-in customer's bearer token and answer only their bookings.
 */

export const correspondenceRecordSchema = z.object({
  send_to: z.enum(SEND_TO),
  alternate_address: z.nullable(addressSchema),
});
export type CorrespondenceRecord = z.infer<typeof correspondenceRecordSchema>;

export const accountBookingSchema = z.object({
  id: z.number().check(z.int()),
  booking_reference: z.string(),
  status: bookingStatusSchema,
  confirmed_date: z.nullable(isoDateTimeSchema),
  start_date: isoDateSchema,
  end_date: isoDateSchema,
  /** The date the balance falls due. */
  balance_due: z.nullable(isoDateSchema),
  principal_component_name: z.string(),
  outstanding_balance: moneySchema,
  total_price: moneyCodeSchema,
  currency_code: currencyCodeSchema,
  /** Every passenger answered every section and correspondence is chosen (bookingDetailsComplete). */
  details_complete: z.boolean(),
  /** Where final documents go; null until the customer chooses. */
  correspondence: z.nullable(correspondenceRecordSchema),
});
export type AccountBooking = z.infer<typeof accountBookingSchema>;

export const PASSENGER_TYPES = { adult: 'Adult', child: 'Child' } as const;

export const accountPassengerSchema = z.object({
  id: z.number().check(z.int()),
  forename: z.string(),
  surname: z.string(),
  /** 'Adult' for adults. */
  type: z.string(),
  address: z.nullable(addressSchema),
  apis: z.nullable(passportSchema),
  insurance: z.nullable(insuranceSchema),
  joining_information: z.nullable(joiningInformationSchema),
  arrival_time: z.nullable(arrivalTimeSchema),
});
export type AccountPassenger = z.infer<typeof accountPassengerSchema>;

export const bookingDetailSchema = z.object({
  booking: accountBookingSchema,
  components: z.array(componentSchema),
  passengers: z.array(accountPassengerSchema),
});
export type BookingDetail = z.infer<typeof bookingDetailSchema>;


export const profileSchema = z.object({ customer: customerSchema, address: z.nullable(addressSchema) });
export type Profile = z.infer<typeof profileSchema>;

export const listAccountBookings = defineEndpoint({
  method: 'GET',
  path: '/account/bookings',
  response: itemsEnvelope(accountBookingSchema),
  auth: 'customer',
  summary: "The signed-in customer's bookings",
});

export const getAccountBooking = defineEndpoint({
  method: 'GET',
  path: '/account/bookings/:booking',
  params: bookingParamsSchema,
  response: dataEnvelope(bookingDetailSchema),
  auth: 'customer',
  summary: 'One booking with its components and passengers',
});

export const getProfile = defineEndpoint({
  method: 'GET',
  path: '/account/profile',
  response: dataEnvelope(profileSchema),
  auth: 'customer',
  /**
   * A signed-in person whose verified e-mail no confirmed booking has made a
   * customer answers 404 NOT_FOUND, which the web shows as 'No account found'
   * (the original answered 500; nothing failed: docs/decisions/0011-customer-tokens.md).
   */
  summary: "The signed-in customer and their address; 404 NOT_FOUND when no customer has the sign-in e-mail ('No account found')",
});

export const updatePassenger = defineEndpoint({
  method: 'PATCH',
  path: '/account/bookings/:booking/passengers/:passenger',
  params: z.extend(bookingParamsSchema, { passenger: idSchema }),
  body: passengerUpdateSchema,
  response: dataEnvelope(accountPassengerSchema),
  auth: 'customer',
  summary:
    'Saves one section (apis, insurance, joining_information or arrival_time) of a passenger; 404 for a booking or passenger not the customer\'s, 409 unless the booking is Confirmed or Optional and its tour has not ended',
});

export const updateCorrespondence = defineEndpoint({
  method: 'PATCH',
  path: '/account/bookings/:booking/correspondence',
  params: bookingParamsSchema,
  body: correspondenceSchema,
  response: dataEnvelope(correspondenceRecordSchema),
  auth: 'customer',
  summary: 'Chooses where final documents go; 409 unless the booking is Confirmed or Optional and its tour has not ended',
});
