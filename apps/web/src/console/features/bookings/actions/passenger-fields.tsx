import { COUNTRIES } from '@tours/domain/countries';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { SelectField, TextAreaField, TextField } from '../../../../components/ui/field.tsx';

/** The passenger form's values: every section as text, the one being saved chosen by `section`. */
export interface PassengerFormValues {
  section: 'apis' | 'insurance' | 'joining_information' | 'arrival_time';
  apis: {
    document_type: string;
    document_number: string;
    nationality: string;
    place_of_issue: string;
    country_of_residence: string;
    issue_date: string;
    expiry_date: string;
    place_of_birth: string;
    date_of_birth: string;
  };
  insurance: {
    company_name: string;
    company_number: string;
    policy_number: string;
    description: string;
    start_date: string;
    expiry_date: string;
    next_of_kin: string;
    next_of_kin_relationship: string;
    emergency_number: string;
  };
  joining_information: { joining_text: string };
  arrival_time: string;
  reason: string;
}

interface FieldsProps {
  register: UseFormRegister<PassengerFormValues>;
  errors: FieldErrors<PassengerFormValues>;
}

function CountrySelect({ label, name, register, error }: { label: string; name: 'apis.nationality' | 'apis.country_of_residence'; register: FieldsProps['register']; error: string | undefined }) {
  return (
    <SelectField label={label} required error={error} {...register(name)}>
      <option value="">Choose…</option>
      {COUNTRIES.map((country) => (
        <option key={country.code} value={country.code}>
          {country.name}
        </option>
      ))}
    </SelectField>
  );
}

/** Passport details (APIS), with the account area's labels. */
export function PassportFields({ register, errors }: FieldsProps) {
  const e = errors.apis;
  return (
    <div className="console-form__grid">
      <TextField label="Passport name" hint="As printed, for example Passport" required error={e?.document_type?.message} {...register('apis.document_type')} />
      <TextField label="Document number" required autoComplete="off" error={e?.document_number?.message} {...register('apis.document_number')} />
      <CountrySelect label="Nationality" name="apis.nationality" register={register} error={e?.nationality?.message} />
      <TextField label="Place of issue" required error={e?.place_of_issue?.message} {...register('apis.place_of_issue')} />
      <TextField label="Issue date" type="date" required error={e?.issue_date?.message} {...register('apis.issue_date')} />
      <TextField label="Expiry date" type="date" required error={e?.expiry_date?.message} {...register('apis.expiry_date')} />
      <TextField label="Place of birth" required error={e?.place_of_birth?.message} {...register('apis.place_of_birth')} />
      <TextField label="Date of birth" type="date" required error={e?.date_of_birth?.message} {...register('apis.date_of_birth')} />
      <CountrySelect label="Country of residence" name="apis.country_of_residence" register={register} error={e?.country_of_residence?.message} />
    </div>
  );
}

export function InsuranceFields({ register, errors }: FieldsProps) {
  const e = errors.insurance;
  return (
    <div className="console-form__grid">
      <TextField label="Insurance company" error={e?.company_name?.message} {...register('insurance.company_name')} />
      <TextField label="Company telephone" error={e?.company_number?.message} {...register('insurance.company_number')} />
      <TextField label="Policy number" error={e?.policy_number?.message} {...register('insurance.policy_number')} />
      <TextField label="Issue date" type="date" required error={e?.start_date?.message} {...register('insurance.start_date')} />
      <TextField label="Expiry date" type="date" required error={e?.expiry_date?.message} {...register('insurance.expiry_date')} />
      <TextField label="Emergency number" inputMode="tel" error={e?.emergency_number?.message} {...register('insurance.emergency_number')} />
      <TextField label="Next of kin" error={e?.next_of_kin?.message} {...register('insurance.next_of_kin')} />
      <TextField label="Relationship" error={e?.next_of_kin_relationship?.message} {...register('insurance.next_of_kin_relationship')} />
      <TextAreaField label="Description" rows={2} className="console-form__wide" error={e?.description?.message} {...register('insurance.description')} />
    </div>
  );
}

export function JoiningFields({ register, errors }: FieldsProps) {
  return <TextAreaField label="Where they stay the night before departure" rows={3} error={errors.joining_information?.joining_text?.message} {...register('joining_information.joining_text')} />;
}

export function ArrivalFields({ register, errors }: FieldsProps) {
  return <TextAreaField label="How they join the group" rows={3} error={errors.arrival_time?.message} {...register('arrival_time')} />;
}
