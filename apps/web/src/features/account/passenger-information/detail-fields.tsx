import { DATE_OF_BIRTH_PICKER_START_YEAR } from '@tours/domain/booking/departure-rules';
import { COUNTRIES } from '@tours/domain/countries';
import { formatShortDate, toIsoDate } from '@tours/domain/dates';
import { useState, type ReactNode } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { DatePicker } from '../../../components/forms/date-picker.tsx';
import { SelectField, TextAreaField, TextField } from '../../../components/ui/field.tsx';
import { useFieldError } from './form-support.ts';

/**
 * The fields of each passenger section (spec section 2, Passenger information
 * tab), inside the passenger's own form. Names are the PATCH body's paths
 * ('apis.document_number'), so the server's field messages land on them.
 */

export interface SectionFieldsProps {
  /** The tour's last day, 'YYYY-MM-DD': passports must still be valid then. */
  tourEndDate: string;
}

const PHONE_HINT = 'Spaces and a leading + are fine';

function Text({ name, label, required, hint, type, autoComplete }: { name: string; label: string; required?: boolean; hint?: ReactNode; type?: string; autoComplete?: string }) {
  const { register } = useFormContext();
  const error = useFieldError(name);
  return <TextField label={label} required={required} hint={hint} type={type} inputMode={type === 'tel' ? 'tel' : undefined} autoComplete={autoComplete ?? 'off'} error={error} {...register(name)} />;
}

function LongText({ name, label, hint, rows = 4 }: { name: string; label: string; hint?: ReactNode; rows?: number }) {
  const { register } = useFormContext();
  const error = useFieldError(name);
  return <TextAreaField label={label} hint={hint} rows={rows} error={error} {...register(name)} />;
}

function Country({ name, label }: { name: string; label: string }) {
  const { register } = useFormContext();
  const error = useFieldError(name);
  return (
    <SelectField label={label} required error={error} {...register(name)}>
      <option value="">Choose a country</option>
      {COUNTRIES.map((country) => (
        <option key={country.code} value={country.code}>
          {country.name}
        </option>
      ))}
    </SelectField>
  );
}

/** Year, then month, then the day (the shared DatePicker), shown as dd Mon yyyy. */
function DateField({ name, label, startYear, min, max, hint }: { name: string; label: string; startYear: number; min?: string; max?: string; hint?: ReactNode }) {
  const { control } = useFormContext();
  const error = useFieldError(name);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <DatePicker
          label={label}
          required
          name={field.name}
          ref={field.ref}
          value={typeof field.value === 'string' ? field.value : ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          startYear={startYear}
          min={min}
          max={max}
          hint={hint}
          error={error}
        />
      )}
    />
  );
}

/** Today's date once per form, so the pickers' limits do not move while someone types. */
function useToday(): { today: string; yesterday: string; year: number } {
  const [today] = useState(() => {
    const now = new Date();
    const before = new Date(now);
    before.setDate(now.getDate() - 1);
    return { today: toIsoDate(now), yesterday: toIsoDate(before), year: now.getFullYear() };
  });
  return today;
}

export function PassportFields({ tourEndDate }: SectionFieldsProps) {
  const { today, yesterday, year } = useToday();
  return (
    <div className="passenger-form__grid">
      <Text name="apis.document_type" label="Passport name" required hint="The type of document, as printed on it (usually Passport)" />
      <Text name="apis.document_number" label="Document number" required />
      <Country name="apis.nationality" label="Nationality" />
      <Text name="apis.place_of_issue" label="Place of issue" required hint="As printed on the passport, e.g. HM Passport Office" />
      <Country name="apis.country_of_residence" label="Country of residence" />
      <Text name="apis.place_of_birth" label="Place of birth" required />
      <DateField name="apis.issue_date" label="Issue date" startYear={year} max={today} />
      <DateField
        name="apis.expiry_date"
        label="Expiry date"
        startYear={Number(tourEndDate.slice(0, 4)) || year}
        min={today}
        hint={`It must be valid until the tour ends on ${formatShortDate(tourEndDate)}.`}
      />
      <DateField name="apis.date_of_birth" label="Date of birth" startYear={DATE_OF_BIRTH_PICKER_START_YEAR} max={yesterday} />
    </div>
  );
}

export function InsuranceFields() {
  const { year } = useToday();
  return (
    <div className="passenger-form__grid">
      <Text name="insurance.company_name" label="Company name" autoComplete="organization" />
      <Text name="insurance.company_number" label="Company telephone number" type="tel" />
      <Text name="insurance.policy_number" label="Policy number" />
      <DateField name="insurance.start_date" label="Issue date" startYear={year} />
      <DateField name="insurance.expiry_date" label="Expiry date" startYear={year} />
      <div className="passenger-form__wide">
        <LongText name="insurance.description" label="Description" hint="The kind of cover, e.g. annual multi-trip, European cover" rows={3} />
      </div>
      <Text name="insurance.next_of_kin" label="Emergency contact name" />
      <Text name="insurance.next_of_kin_relationship" label="Relationship" hint="How they are related to the passenger, e.g. Daughter" />
      <Text name="insurance.emergency_number" label="Emergency telephone number" type="tel" hint={PHONE_HINT} />
    </div>
  );
}

export function JoiningFields() {
  return (
    <LongText
      name="joining_information.joining_text"
      label="Where will you be on the eve of departure?"
      hint="For example the hotel you are staying at and its town, or 'At home'."
    />
  );
}

export const ARRIVAL_HINT =
  'If you are taking the group flight, just say so. On UK tours, tell us how and roughly when you will reach the first meeting point. ' +
  'If you are making your own way, give your arrival time and say whether you will travel back with the group on the final day.';

export function ArrivalFields() {
  return <LongText name="arrival_time" label="When and where will you join the group?" hint={ARRIVAL_HINT} />;
}

