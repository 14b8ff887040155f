import { arrivalTimeSchema, insuranceSchema, joiningInformationSchema, passportFormSchema, type PassengerSection } from '@tours/domain/account/forms';
import type { AccountPassenger } from '@tours/domain/contracts/account';
import { DEFAULT_COUNTRY } from '@tours/domain/countries';
import { formatPersonName } from '@tours/domain/people';
import type { ComponentType } from 'react';
import type { FieldValues } from 'react-hook-form';
import { z } from 'zod/mini';
import { ArrivalFields, InsuranceFields, JoiningFields, PassportFields, type SectionFieldsProps } from './detail-fields.tsx';

/**
 * The four passenger sections of the tab, in the spec's order, each with the
 * domain schema that also checks its PATCH body. A form's values are that
 * body ({ apis: {...} }), so what the form submits is what is sent, and a
 * server message for 'apis.expiry_date' lands on the field of that name.
 */
export interface PassengerSectionDefinition {
  key: PassengerSection;
  /** The accordion heading. */
  title: string;
  /** The form's schema for a booking whose tour ends on `tourEndDate`. */
  schema: (tourEndDate: string) => z.ZodMiniType<FieldValues, FieldValues>;
  /** What the form shows: the saved answer, or a blank one. */
  initialValues: (passenger: AccountPassenger) => FieldValues;
  /** Sections other than passport (and correspondence) offer 'Copy details from passenger 1'. */
  copyable: boolean;
  Fields: ComponentType<SectionFieldsProps>;
}

const BLANK_PASSPORT = {
  document_type: '',
  document_number: '',
  nationality: '',
  place_of_issue: '',
  country_of_residence: DEFAULT_COUNTRY,
  issue_date: '',
  expiry_date: '',
  place_of_birth: '',
  date_of_birth: '',
};

const BLANK_INSURANCE = {
  company_name: '',
  company_number: '',
  policy_number: '',
  description: '',
  start_date: '',
  expiry_date: '',
  next_of_kin: '',
  next_of_kin_relationship: '',
  emergency_number: '',
};

const asForm = (schema: z.ZodMiniType) => schema as unknown as z.ZodMiniType<FieldValues, FieldValues>;

export const PASSENGER_SECTION_DEFINITIONS: readonly PassengerSectionDefinition[] = [
  {
    key: 'apis',
    title: 'Passport details',
    schema: (tourEndDate) => asForm(z.object({ apis: passportFormSchema(tourEndDate) })),
    initialValues: (passenger) => ({ apis: { ...BLANK_PASSPORT, ...passenger.apis } }),
    copyable: false,
    Fields: PassportFields,
  },
  {
    key: 'insurance',
    title: 'Travel insurance details',
    schema: () => asForm(z.object({ insurance: insuranceSchema })),
    initialValues: (passenger) => ({ insurance: { ...BLANK_INSURANCE, ...passenger.insurance } }),
    copyable: true,
    Fields: InsuranceFields,
  },
  {
    key: 'joining_information',
    title: 'Where you will be on the eve of departure',
    schema: () => asForm(z.object({ joining_information: joiningInformationSchema })),
    initialValues: (passenger) => ({ joining_information: { joining_text: passenger.joining_information?.joining_text ?? '' } }),
    copyable: true,
    Fields: JoiningFields,
  },
  {
    key: 'arrival_time',
    title: 'Where you will join the group',
    schema: () => asForm(z.object({ arrival_time: arrivalTimeSchema })),
    initialValues: (passenger) => ({ arrival_time: passenger.arrival_time ?? '' }),
    copyable: true,
    Fields: ArrivalFields,
  },
];

export const sectionDefinition = (key: PassengerSection): PassengerSectionDefinition =>
  PASSENGER_SECTION_DEFINITIONS.find((definition) => definition.key === key)!;

/** A passenger has saved an answer to the section (an empty free-text answer counts: those sections have no rules). */
export const sectionAnswered = (passenger: AccountPassenger, key: PassengerSection): boolean => passenger[key] !== null;

export const passengerName = (passenger: Pick<AccountPassenger, 'forename' | 'surname'>): string => formatPersonName({ forename: passenger.forename, surname: passenger.surname });
