import { correspondenceSchema, type CorrespondenceInput, type SendTo } from '@tours/domain/account/forms';
import type { AccountBooking, AccountPassenger } from '@tours/domain/contracts/account';
import type { AddressRecord } from '@tours/domain/contracts/session-records';
import { DEFAULT_COUNTRY } from '@tours/domain/countries';
import { ALERTS } from '@tours/domain/messages';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useRef } from 'react';
import { FormProvider, useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { AddressFields } from '../../../components/forms/address-fields.tsx';
import { useAlerts } from '../../../lib/alerts.ts';
import { isFieldValidationError, leafPaths, showServerErrors } from './form-support.ts';
import { focusFirstInvalid } from '../../../lib/form-errors.ts';
import { passengerName } from './sections.ts';
import { useSaveCorrespondence } from './use-save-details.ts';
import { FormFooter } from './form-footer.tsx';

/** What the form holds: the choice, and an address that is sent only when it is the choice. */
export interface CorrespondenceFormValues {
  send_to: SendTo | '';
  alternate_address: AddressRecord;
}

export const SEND_TO_LABELS: Record<SendTo, string> = {
  primary_address: 'Use my primary address',
  alternate_address: 'Use an alternate address',
  in_person: 'Collect my final documents in person from the lecturer on the first day',
};

const BLANK_ADDRESS: AddressRecord = { line_1: '', line_2: '', line_3: '', city: '', state: '', postal_code: '', country: DEFAULT_COUNTRY };

/**
 * The form holds an address even when another choice is made, so switching
 * back does not lose it; the domain schema (a union by `send_to`) drops it
 * then, and checks it only when it is the choice. An unchosen '' reads as
 * 'Value is required'.
 */
const resolver = zodResolver(correspondenceSchema) as unknown as Resolver<CorrespondenceFormValues, unknown, CorrespondenceInput>;

function initialValues(booking: AccountBooking): CorrespondenceFormValues {
  const saved = booking.correspondence;
  return { send_to: saved?.send_to ?? '', alternate_address: { ...BLANK_ADDRESS, ...saved?.alternate_address } };
}

interface CorrespondenceFormProps {
  booking: AccountBooking;
  passengers: readonly AccountPassenger[];
  customerAddress: AddressRecord | null;
  editable: boolean;
}

/** Where the booking's final documents go: one answer for the whole booking. */
export function CorrespondenceForm({ booking, passengers, customerAddress, editable }: CorrespondenceFormProps) {
  const headingId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const { add } = useAlerts();
  const save = useSaveCorrespondence(booking.id);
  const form = useForm<CorrespondenceFormValues, unknown, CorrespondenceInput>({
    resolver,
    defaultValues: initialValues(booking),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: false,
  });
  const sendTo = useWatch({ control: form.control, name: 'send_to' });
  const choiceError = form.formState.errors.send_to?.message;

  const onInvalid = (errors: FieldErrors<CorrespondenceFormValues>) => {
    add(ALERTS.validationErrors);
    focusFirstInvalid(formRef.current, errors);
  };

  const onValid = (body: CorrespondenceInput) =>
    save.mutate(body, {
      onSuccess: ({ data }) =>
        form.reset({ send_to: data.send_to, alternate_address: { ...BLANK_ADDRESS, ...(data.alternate_address ?? form.getValues('alternate_address')) } }),
      onError: (error) => {
        if (isFieldValidationError(error)) showServerErrors(form, error, formRef.current, leafPaths(form.getValues()));
      },
    });

  const names = passengers.map(passengerName).join(', ');
  const rootError = form.formState.errors.root?.server?.message;

  return (
    <FormProvider {...form}>
      <form ref={formRef} className="passenger-form" aria-labelledby={headingId} noValidate onSubmit={(event) => void form.handleSubmit(onValid, onInvalid)(event)}>
        <div className="passenger-form__header">
          <h4 id={headingId} className="passenger-form__name">
            {names}
          </h4>
          <span className={`status-tag ${booking.correspondence ? 'status-tag--done' : 'status-tag--pending'}`}>
            {booking.correspondence ? 'Answered' : 'Not answered yet'}
          </span>
        </div>
        <fieldset className="choice-group" disabled={!editable} aria-describedby={choiceError ? `${headingId}-error` : undefined}>
          <legend className="choice-group__legend">
            Where should we send the final documents? <span className="field__required">(required)</span>
          </legend>
          {(Object.keys(SEND_TO_LABELS) as SendTo[]).map((choice) => (
            <label key={choice} className="choice-group__option">
              <input type="radio" value={choice} {...form.register('send_to')} />
              <span>
                {SEND_TO_LABELS[choice]}
                {choice === 'primary_address' && customerAddress ? (
                  <span className="choice-group__detail">{formatAddress(customerAddress)}</span>
                ) : null}
              </span>
            </label>
          ))}
          {choiceError ? (
            <p className="field__error" id={`${headingId}-error`}>
              {choiceError}
            </p>
          ) : null}
        </fieldset>
        {sendTo === 'alternate_address' ? (
          <fieldset className="passenger-form__fields" disabled={!editable}>
            <legend className="passenger-form__legend">Alternate address</legend>
            <AddressFields name="alternate_address" stateLabel="County or state" postcodeLabel="Postal code" />
          </fieldset>
        ) : null}
        <FormFooter rootError={rootError} editable={editable} busy={save.isPending} describedBy={headingId} />
      </form>
    </FormProvider>
  );
}

const formatAddress = (address: AddressRecord): string =>
  [address.line_1, address.line_2, address.line_3, address.city, address.state, address.postal_code].filter((line) => line.trim() !== '').join(', ');
