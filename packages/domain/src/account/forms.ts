import { z } from 'zod';
import { DEFAULT_COUNTRY } from '../countries.ts';
import { requiredMessage, VALIDATION } from '../messages.ts';
import {
  addressFormSchema,
  countryCodeSchema,
  freeText,
  phoneNumber,
  optionalText,
  requiredIsoDate,
  requiredText,
} from '../validation.ts';

/**
 * Forms of the account area (spec section 5, Account forms). The same schemas
 * check the PATCH bodies in the API and describe the stored sections.
 */

/** Alternate billing address, and the alternate correspondence address. */
export const accountAddressSchema = addressFormSchema(VALIDATION.postalCodeRequired);
export const billingAddressSchema = accountAddressSchema;

/** Dates are 'YYYY-MM-DD', so string order is date order. */
const expiryAfterStart = (start: 'issue_date' | 'start_date') => (value: Record<string, unknown>, ctx: z.RefinementCtx) => {
  const from = value[start];
  const to = value.expiry_date;
  if (typeof from === 'string' && typeof to === 'string' && from !== '' && to <= from) {
    ctx.addIssue({ code: 'custom', path: ['expiry_date'], message: VALIDATION.expiryBeforeIssue });
  }
};

/** Passport (APIS) details. The document type is labelled 'Passport name' on the form, so its message says so. */
export const passportSchema = z
  .object({
    document_type: requiredText(requiredMessage('Passport name'), 50),
    document_number: requiredText(requiredMessage('Document number'), 30),
    nationality: countryCodeSchema(requiredMessage('Nationality')),
    place_of_issue: requiredText(requiredMessage('Place of issue'), 60),
    country_of_residence: countryCodeSchema(requiredMessage('Country of residence')).default(DEFAULT_COUNTRY),
    issue_date: requiredIsoDate(VALIDATION.issueDateRequired),
    expiry_date: requiredIsoDate(VALIDATION.expiryDateRequired),
    place_of_birth: requiredText(requiredMessage('Place of birth'), 60),
    date_of_birth: requiredIsoDate(VALIDATION.dateOfBirthRequired),
  })
  .superRefine(expiryAfterStart('issue_date'));
export type PassportInput = z.input<typeof passportSchema>;
export type Passport = z.output<typeof passportSchema>;

/** Travel insurance. start_date is labelled 'Issue date'; only the dates and the emergency number have rules. */
export const insuranceSchema = z
  .object({
    company_name: optionalText(),
    company_number: optionalText(30),
    policy_number: optionalText(50),
    description: optionalText(500),
    start_date: requiredIsoDate(VALIDATION.issueDateRequired),
    expiry_date: requiredIsoDate(VALIDATION.expiryDateRequired),
    next_of_kin: optionalText(),
    next_of_kin_relationship: optionalText(50),
    /** A telephone number like the participants': written as people write it, stored normalised. */
    emergency_number: phoneNumber(),
  })
  .superRefine(expiryAfterStart('start_date'));
export type InsuranceInput = z.input<typeof insuranceSchema>;
export type Insurance = z.output<typeof insuranceSchema>;

/** Where the passenger will be on the eve of departure: free text, HTML stripped. */
export const joiningInformationSchema = z.object({ joining_text: optionalText(2000) });
export type JoiningInformation = z.output<typeof joiningInformationSchema>;

/** Where the passenger joins the group: free text (no default, so an update names it only when sent). */
export const arrivalTimeSchema = freeText(500);

export const SEND_TO = ['primary_address', 'alternate_address', 'in_person'] as const;
export type SendTo = (typeof SEND_TO)[number];

/**
 * Where final documents go. The alternate address is checked only when it is
 * the choice; otherwise any half-typed address is dropped rather than stored.
 */
export const correspondenceSchema = z.discriminatedUnion(
  'send_to',
  [
    z.object({ send_to: z.literal('primary_address') }),
    z.object({ send_to: z.literal('in_person') }),
    z.object({ send_to: z.literal('alternate_address'), alternate_address: accountAddressSchema }),
  ],
  { error: VALIDATION.valueRequired },
);
export type CorrespondenceInput = z.input<typeof correspondenceSchema>;
export type Correspondence = z.output<typeof correspondenceSchema>;

/** PATCH /account/bookings/:booking/passengers/:passenger: exactly one section per call. */
export const PASSENGER_SECTIONS = ['apis', 'insurance', 'joining_information', 'arrival_time'] as const;
export type PassengerSection = (typeof PASSENGER_SECTIONS)[number];

export const passengerUpdateSchema = z
  .object({
    apis: passportSchema.optional(),
    insurance: insuranceSchema.optional(),
    joining_information: joiningInformationSchema.optional(),
    arrival_time: arrivalTimeSchema.optional(),
  })
  .refine((body) => PASSENGER_SECTIONS.filter((key) => body[key] !== undefined).length === 1, VALIDATION.oneSection);
export type PassengerUpdateInput = z.input<typeof passengerUpdateSchema>;
export type PassengerUpdate = z.output<typeof passengerUpdateSchema>;
