import { DATE_OF_BIRTH_PICKER_START_YEAR, emptyAddress, TITLES } from '@tours/domain';
import { useId, type ReactNode, type Ref } from 'react';
import { Controller, get, useFormContext, useWatch } from 'react-hook-form';
import { AddressFields } from '../../../../components/forms/address-fields.tsx';
import { DatePicker } from '../../../../components/forms/date-picker.tsx';
import { CheckboxField, SelectField, TextAreaField, TextField } from '../../../../components/ui/field.tsx';
import { EmailField } from './email-field.tsx';
import type { ParticipantsFormValues } from './form-values.ts';
import { MarketingSourceField } from './marketing-source-field.tsx';

export const PARTICIPANT_HEADINGS = ['Lead participant', 'Second participant'] as const;

/** Says what the phone rule (the domain's phoneNumber) takes, so nobody strips their spaces for fear of an error. */
const PHONE_HINT = 'Spaces and a leading + are fine';

interface ParticipantFieldsProps {
  index: number;
  onlineTalk: boolean;
  /** The latest date of birth that can be picked: yesterday, as the schema requires a date in the past. */
  latestBirthDate: string;
  /** Extra controls in the section header (the remove button of the second participant). */
  actions?: ReactNode;
  headingRef?: Ref<HTMLHeadingElement>;
}

/**
 * One participant of step 1 (spec section 2). Everyone gives a name, phones,
 * e-mail and date of birth; the lead gives the address, special requests,
 * marketing choices and how they heard of us; the second participant shares
 * the lead's address unless the tickbox asks for their own.
 */
export function ParticipantFields({ index, onlineTalk, latestBirthDate, actions, headingRef }: ParticipantFieldsProps) {
  const { control, register, setValue, formState } = useFormContext<ParticipantsFormValues>();
  const lead = index === 0;
  const base = `participants.${index}` as const;
  const errorOf = (field: string): string | undefined =>
    (get(formState.errors, `${base}.${field}`) as { message?: string } | undefined)?.message;
  const address = useWatch({ control, name: `${base}.address` });
  const headingId = useId();

  return (
    <section className="card participant" aria-labelledby={headingId}>
      <div className="participant__header">
        <h3 id={headingId} ref={headingRef} tabIndex={-1}>
          {PARTICIPANT_HEADINGS[index]}
        </h3>
        {actions}
      </div>

      <div className="participant__grid participant__grid--names">
        <SelectField label="Title" required error={errorOf('title')} className="participant__title" autoComplete="honorific-prefix" {...register(`${base}.title`)}>
          <option value="">Choose</option>
          {TITLES.map((title) => (
            <option key={title} value={title}>
              {title}
            </option>
          ))}
        </SelectField>
        <TextField label="First name" required autoComplete="given-name" error={errorOf('given_name')} {...register(`${base}.given_name`)} />
        <TextField label="Last name" required autoComplete="family-name" error={errorOf('family_name')} {...register(`${base}.family_name`)} />
      </div>
      <div className="participant__grid">
        <TextField
          label="Home telephone"
          type="tel"
          inputMode="tel"
          autoComplete="home tel"
          hint={PHONE_HINT}
          error={errorOf('telephone_home')}
          {...register(`${base}.telephone_home`)}
        />
        <TextField
          label="Mobile telephone"
          type="tel"
          inputMode="tel"
          autoComplete="mobile tel"
          hint={PHONE_HINT}
          error={errorOf('telephone_mobile')}
          {...register(`${base}.telephone_mobile`)}
        />
        <EmailField name={`${base}.email`} error={errorOf('email')} />
        <Controller
          control={control}
          name={`${base}.date_of_birth`}
          render={({ field }) => (
            <DatePicker
              label="Date of birth"
              required
              name={field.name}
              ref={field.ref}
              value={field.value ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              startYear={DATE_OF_BIRTH_PICKER_START_YEAR}
              max={latestBirthDate}
              error={errorOf('date_of_birth')}
            />
          )}
        />
      </div>

      {lead ? null : (
        <CheckboxField
          label="The second participant has a different address"
          hint="Leave this unticked if they live at the lead participant's address."
          checked={address !== undefined}
          onChange={(event) =>
            setValue(`${base}.address`, event.target.checked ? emptyAddress() : undefined, { shouldDirty: true, shouldValidate: false })
          }
        />
      )}

      {lead || address !== undefined ? (
        <fieldset className="participant__address">
          <legend className="participant__legend">{lead ? 'Address' : "Second participant's address"}</legend>
          <AddressFields name={`${base}.address`} />
        </fieldset>
      ) : null}

      {lead ? <LeadExtras onlineTalk={onlineTalk} /> : null}
    </section>
  );
}

/** Special requests, marketing choices and the marketing source belong to the booking's lead. */
function LeadExtras({ onlineTalk }: { onlineTalk: boolean }) {
  const { control, register, formState } = useFormContext<ParticipantsFormValues>();
  return (
    <>
      {onlineTalk ? null : (
        <TextAreaField
          label="Special requests"
          hint="Dietary needs, mobility or anything else we should know."
          maxLength={1000}
          error={(get(formState.errors, 'participants.0.special_requests') as { message?: string } | undefined)?.message}
          {...register('participants.0.special_requests')}
        />
      )}
      <fieldset className="participant__consent">
        <legend className="participant__legend">Keeping in touch</legend>
        <p className="field__hint">Untick a box if you would rather not hear from us that way.</p>
        {(['do_not_email', 'do_not_mail'] as const).map((name) => (
          <Controller
            key={name}
            control={control}
            name={`participants.0.${name}`}
            render={({ field }) => (
              // Ticked means allowed, so the box shows the opposite of the do_not_* flag it sets.
              <CheckboxField
                label={name === 'do_not_email' ? 'Send me news and offers by e-mail' : 'Send me news and offers by post'}
                name={field.name}
                ref={field.ref}
                checked={!field.value}
                onBlur={field.onBlur}
                onChange={(event) => field.onChange(!event.target.checked)}
              />
            )}
          />
        ))}
      </fieldset>
      <MarketingSourceField />
    </>
  );
}
