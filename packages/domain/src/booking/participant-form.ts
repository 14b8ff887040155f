import { z } from 'zod/mini';
import { ONLINE_MARKETING_SOURCE_ID } from '../contracts/catalogue.ts';
import { toIsoDate } from '../dates.ts';
import { positiveId, wholeNumberParam } from '../input-values.ts';
import { emailAddress } from '../email-address.ts';
import { VALIDATION } from '../messages.ts';
import { addressFormSchema, optionalText, phoneNumber, requiredIsoDate, requiredText } from '../validation.ts';
import { MAX_ONLINE_PARTICIPANTS, MIN_ONLINE_PARTICIPANTS } from './departure-rules.ts';

/**
 * The step 1 participant form (spec section 5). One schema serves the web form
 * and the POST /bookings check, so both show the same message for the same mistake.
 */

export const TITLES = ['Dr', 'Miss', 'Mr', 'Mrs', 'Ms', 'Professor', 'Sir'] as const;
export type Title = (typeof TITLES)[number];
export const titleSchema = z.enum(TITLES, { error: VALIDATION.titleRequired });

export const passengerIdSchema = positiveId();

export const participantAddressSchema = addressFormSchema(VALIDATION.postcodeRequired);

/** Compared as 'YYYY-MM-DD' strings against today's local date, so no time zone can shift the day. */
export const dateOfBirthSchema = requiredIsoDate(VALIDATION.dateOfBirthRequired).check(
  z.refine((value: string) => value < toIsoDate(new Date()), VALIDATION.dateOfBirthInFuture),
);

const participantFields = {
  title: titleSchema,
  given_name: requiredText(VALIDATION.firstNameRequired, 50),
  family_name: requiredText(VALIDATION.lastNameRequired, 50),
  /** Written as people write them, stored normalised ('+44 (0)7700-900123' is '+447700900123'). */
  telephone_home: phoneNumber(),
  telephone_mobile: phoneNumber(),
  date_of_birth: dateOfBirthSchema,
  /** The spec asks for 'required only'; an address no mail can reach is refused too (email-address.ts), since the confirmation and sign-in travel by e-mail. */
  email: emailAddress(VALIDATION.emailRequired),
  /** The form's opt-in boxes are ticked by default, meaning allowed: ticked = false here. */
  do_not_email: z._default(z.boolean(), false),
  do_not_mail: z._default(z.boolean(), false),
  /** A textarea: line breaks kept. */
  special_requests: optionalText(1000, { lines: true }),
};

/** A passenger as POST /bookings takes it: no id, no lead flag (the first is the lead), always an address. */
export const bookingPassengerSchema = z.object({ ...participantFields, address: participantAddressSchema });
export type BookingPassengerInput = z.input<typeof bookingPassengerSchema>;
export type BookingPassenger = z.output<typeof bookingPassengerSchema>;

/** A passenger as POST /bookings answers it: the reservations system's numeric id and the lead flag restored. */
export const bookedPassengerSchema = z.extend(bookingPassengerSchema, { id: passengerIdSchema, is_lead: z.boolean() });
export type BookedPassenger = z.output<typeof bookedPassengerSchema>;

/**
 * A participant as the form holds it. The id is a temporary one until the
 * booking exists, then the reservations system's. The lead always carries an
 * address; a second participant only after ticking 'own address'. Keyed on
 * is_lead so a missing lead address is reported with the other fields.
 */
export const participantSchema = z.discriminatedUnion('is_lead', [
  z.object({ id: passengerIdSchema, is_lead: z.literal(true), ...participantFields, address: participantAddressSchema }),
  z.object({ id: passengerIdSchema, is_lead: z.literal(false), ...participantFields, address: z.optional(participantAddressSchema) }),
]);
export type ParticipantInput = z.input<typeof participantSchema>;
export type Participant = z.output<typeof participantSchema>;

/** 'How did you hear about us?': the online source with the chosen subsource; 'Other' reveals the free text. */
export const bookingSourceSchema = z.object({
  id: z._default(positiveId(), ONLINE_MARKETING_SOURCE_ID),
  // Select values arrive as strings from the browser; '' coerces to 0 and reads as not chosen.
  subsource_id: wholeNumberParam({ min: 1, message: VALIDATION.howHeardRequired }),
  subsource_description: optionalText(100),
});
export type BookingSourceInput = z.input<typeof bookingSourceSchema>;
export type BookingSource = z.output<typeof bookingSourceSchema>;

const participantCount = <T extends z.ZodMiniType>(item: T) =>
  z
    .array(item, { error: VALIDATION.participantCount })
    .check(z.minLength(MIN_ONLINE_PARTICIPANTS, VALIDATION.participantCount), z.maxLength(MAX_ONLINE_PARTICIPANTS, VALIDATION.participantCount));

export const bookingPassengersSchema = participantCount(bookingPassengerSchema);

/** The whole of step 1: the participants and the lead's marketing source. */
export const participantsFormSchema = z
  .object({ participants: participantCount(participantSchema), source: bookingSourceSchema })
  .check(
    z.superRefine(({ participants }, ctx) => {
      participants.forEach((participant, index) => {
        if (participant.is_lead !== (index === 0)) {
          ctx.addIssue({ code: 'custom', path: ['participants', index, 'is_lead'], message: VALIDATION.leadFirst });
        }
        if (participants.findIndex((other) => other.id === participant.id) !== index) {
          ctx.addIssue({ code: 'custom', path: ['participants', index, 'id'], message: VALIDATION.duplicatePassenger });
        }
      });
    }),
  );
export type ParticipantsFormInput = z.input<typeof participantsFormSchema>;
export type ParticipantsForm = z.output<typeof participantsFormSchema>;

/** The travel agent modal. */
export const agentFormSchema = z.object({
  agent_id: requiredText(VALIDATION.agentIdRequired, 20),
  staff_email: emailAddress(VALIDATION.staffEmailRequired),
});
export type AgentFormInput = z.input<typeof agentFormSchema>;
