import { z } from 'zod/mini';
import { dateOfBirthSchema } from '../booking/participant-form.ts';
import { DEFAULT_COUNTRY } from '../countries.ts';
import { toIsoDate } from '../dates.ts';
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

/** An address whose postcode is asked for as a postal code: the card payer's billing address, and the alternate correspondence address. */
export const postalAddressSchema = addressFormSchema(VALIDATION.postalCodeRequired);

/**
 * Every error of a form at once (issue 24): zod skips an object's checks as
 * soon as any of its fields fails, so a reversed pair of dates would only
 * be reported on the next submit, after an unrelated field was corrected.
 * A check across fields runs instead whenever the fields it reads are valid
 * themselves, whatever the others are.
 */
export const whenFieldsValid =
  (...fields: readonly string[]) =>
  (payload: z.core.ParsePayload): boolean =>
    // Not an object at all (null, a string): its own issue says so, and no check across its fields can read them.
    typeof payload.value === 'object' &&
    payload.value !== null &&
    !payload.issues.some((issue) => issue.path !== undefined && issue.path.length > 0 && fields.includes(String(issue.path[0])));

/** Dates are 'YYYY-MM-DD', so string order is date order. */
const expiryAfterStart = <T extends { expiry_date: string }>(start: 'issue_date' | 'start_date') =>
  z.refine<T>(
    (value) => {
      const from = (value as Record<string, unknown>)[start];
      return !(typeof from === 'string' && from !== '' && value.expiry_date <= from);
    },
    { path: ['expiry_date'], message: VALIDATION.expiryBeforeIssue, when: whenFieldsValid(start, 'expiry_date') },
  );

/**
 * A passport is issued to someone already born: checked only once both dates
 * are real dates, and not for a date of birth in the future, whose own
 * message says what is wrong.
 */
const issuedAfterBirth = <T extends { issue_date: string; date_of_birth: string }>() =>
  z.refine<T>((value) => !(value.issue_date < value.date_of_birth && value.date_of_birth < toIsoDate(new Date())), {
    path: ['issue_date'],
    message: VALIDATION.issueBeforeBirth,
    when: whenFieldsValid('issue_date', 'date_of_birth'),
  });

/** Compared with today's local date, as the date of birth is (participant-form.ts): a passport issued today is fine, tomorrow's is a typing mistake. */
const passportIssueDate = requiredIsoDate(VALIDATION.issueDateRequired).check(
  z.refine((value: string) => value <= toIsoDate(new Date()), VALIDATION.issueDateInFuture),
);

/** Passport (APIS) details. The document type is labelled 'Passport name' on the form, so its message says so. */
export const passportSchema = z
  .object({
    document_type: requiredText(requiredMessage('Passport name'), 50),
    document_number: requiredText(requiredMessage('Document number'), 30),
    nationality: countryCodeSchema(requiredMessage('Nationality')),
    place_of_issue: requiredText(requiredMessage('Place of issue'), 60),
    country_of_residence: z._default(countryCodeSchema(requiredMessage('Country of residence')), DEFAULT_COUNTRY),
    issue_date: passportIssueDate,
    expiry_date: requiredIsoDate(VALIDATION.expiryDateRequired),
    place_of_birth: requiredText(requiredMessage('Place of birth'), 60),
    /** In the past, with the participant form's rule and messages. */
    date_of_birth: dateOfBirthSchema,
  })
  .check(expiryAfterStart('issue_date'), issuedAfterBirth());

/**
 * The passport must still be valid on the tour's last day ('YYYY-MM-DD'
 * strings, so string order is date order); expiring on that day is enough.
 * The API checks it with the booking's end date, the web form with the one it shows.
 */
export const passportCoversTour = (expiryDate: string, tourEndDate: string): boolean => expiryDate >= tourEndDate;

/**
 * The passport form of one booking: every passport rule plus validity until
 * the tour ends, reported at the expiry date.
 */
export const passportFormSchema = (tourEndDate: string) =>
  passportSchema.check(
    z.refine((value) => passportCoversTour(value.expiry_date, tourEndDate), {
      path: ['expiry_date'],
      message: VALIDATION.passportExpiresBeforeTour,
      when: whenFieldsValid('expiry_date'),
    }),
  );

/** Travel insurance. start_date is labelled 'Issue date'; only the dates and the emergency number have rules. */
export const insuranceSchema = z
  .object({
    company_name: optionalText(),
    company_number: optionalText(30),
    policy_number: optionalText(50),
    description: optionalText(500, { lines: true }),
    start_date: requiredIsoDate(VALIDATION.issueDateRequired),
    expiry_date: requiredIsoDate(VALIDATION.expiryDateRequired),
    next_of_kin: optionalText(),
    next_of_kin_relationship: optionalText(50),
    /** A telephone number like the participants': written as people write it, stored normalised. */
    emergency_number: phoneNumber(),
  })
  .check(expiryAfterStart('start_date'));

/** Where the passenger will be on the eve of departure: free text, HTML stripped. */
export const joiningInformationSchema = z.object({ joining_text: optionalText(2000, { lines: true }) });

/** Where the passenger joins the group: free text (no default, so an update names it only when sent). */
export const arrivalTimeSchema = freeText(500, { lines: true });

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
    z.object({ send_to: z.literal('alternate_address'), alternate_address: postalAddressSchema }),
  ],
  { error: VALIDATION.valueRequired },
);
export type CorrespondenceInput = z.input<typeof correspondenceSchema>;
export type Correspondence = z.output<typeof correspondenceSchema>;

/** PATCH /account/bookings/:booking/passengers/:passenger: exactly one section per call. */
export const PASSENGER_SECTIONS = ['apis', 'insurance', 'joining_information', 'arrival_time'] as const;
export type PassengerSection = (typeof PASSENGER_SECTIONS)[number];

/** Each section's schema, optional: one is sent per save (the staff console's save of a section adds its reason to the same shape). */
export const passengerSectionSchemas = {
  apis: z.optional(passportSchema),
  insurance: z.optional(insuranceSchema),
  joining_information: z.optional(joiningInformationSchema),
  arrival_time: z.optional(arrivalTimeSchema),
};

export const passengerUpdateSchema = z
  .object(passengerSectionSchemas)
  .check(z.refine((body) => PASSENGER_SECTIONS.filter((key) => body[key] !== undefined).length === 1, VALIDATION.oneSection));
export type PassengerUpdateInput = z.input<typeof passengerUpdateSchema>;
export type PassengerUpdate = z.output<typeof passengerUpdateSchema>;

/**
 * Whose details may still change: a Confirmed or Optional booking whose tour
 * has not ended (a tour that ends today is still under way). Quotes and
 * unconfirmed bookings are not the customer's to fill in yet; cancelled ones
 * and finished tours are records, corrected only by staff.
 */
export const DETAILS_EDITABLE_STATUSES = ['Confirmed', 'Optional'] as const;

export const passengerDetailsEditable = (booking: { status: string; end_date: string }, now: Date = new Date()): boolean =>
  (DETAILS_EDITABLE_STATUSES as readonly string[]).includes(booking.status) && booking.end_date >= toIsoDate(now);

export const DETAILS_LOCKED_MESSAGE = 'The details of this booking can no longer be changed. Please contact us if something needs correcting.';
