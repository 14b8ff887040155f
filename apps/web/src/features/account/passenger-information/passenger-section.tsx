import type { AccountPassenger } from '@tours/domain/contracts/account';
import { ALERTS } from '@tours/domain/messages';
import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { FormProvider, useForm, type FieldErrors, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { useAlerts } from '../../../lib/alerts.ts';
import { isFieldValidationError, leafPaths, showServerErrors } from './form-support.ts';
import { focusFirstInvalid } from '../../../lib/form-errors.ts';
import { passengerName, sectionAnswered, type PassengerSectionDefinition } from './sections.ts';
import { useSavePassengerSection } from './use-save-details.ts';
import { FormFooter } from './form-footer.tsx';

interface PassengerSectionProps {
  definition: PassengerSectionDefinition;
  bookingId: number;
  tourEndDate: string;
  passengers: readonly AccountPassenger[];
  /** False once the booking's details can no longer change: the answers are shown, not saved. */
  editable: boolean;
}

type Forms = Map<number, UseFormReturn<FieldValues>>;

/**
 * One section of the tab: every passenger's name with their own form and
 * 'Confirm your answer' button, each saved on its own. The second passenger
 * of a copyable section can take over what the first passenger's form holds.
 */
export function PassengerSection({ definition, bookingId, tourEndDate, passengers, editable }: PassengerSectionProps) {
  const forms = useRef<Forms>(new Map());
  const register = useCallback((id: number, form: UseFormReturn<FieldValues> | null) => {
    if (form) forms.current.set(id, form);
    else forms.current.delete(id);
  }, []);
  const first = passengers[0];
  const copyFromFirst = useCallback(
    (target: UseFormReturn<FieldValues>) => {
      const source = first ? forms.current.get(first.id) : undefined;
      if (!source) return;
      const values = structuredClone(source.getValues(definition.key)) as unknown;
      target.setValue(definition.key, values, { shouldDirty: true, shouldValidate: target.formState.isSubmitted });
    },
    [definition.key, first],
  );

  return (
    <div className="passenger-section">
      {passengers.map((passenger, index) => (
        <PassengerForm
          key={passenger.id}
          definition={definition}
          bookingId={bookingId}
          tourEndDate={tourEndDate}
          passenger={passenger}
          editable={editable}
          register={register}
          copy={index === 1 && definition.copyable && first ? { from: passengerName(first), run: copyFromFirst } : null}
        />
      ))}
    </div>
  );
}

interface PassengerFormProps {
  definition: PassengerSectionDefinition;
  bookingId: number;
  tourEndDate: string;
  passenger: AccountPassenger;
  editable: boolean;
  register: (id: number, form: UseFormReturn<FieldValues> | null) => void;
  copy: { from: string; run: (target: UseFormReturn<FieldValues>) => void } | null;
}

function PassengerForm({ definition, bookingId, tourEndDate, passenger, editable, register, copy }: PassengerFormProps) {
  const headingId = useId();
  const statusId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const { add } = useAlerts();
  const save = useSavePassengerSection(bookingId);
  const [copied, setCopied] = useState('');
  const resolver = useMemo(() => zodResolver(definition.schema(tourEndDate)), [definition, tourEndDate]);
  const form = useForm<FieldValues>({
    resolver,
    defaultValues: definition.initialValues(passenger),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    // Focus goes to the first field in page order instead (react-hook-form's order is registration order).
    shouldFocusError: false,
  });

  useEffect(() => {
    register(passenger.id, form);
    return () => register(passenger.id, null);
  }, [register, passenger.id, form]);

  const onInvalid = (errors: FieldErrors) => {
    add(ALERTS.validationErrors);
    focusFirstInvalid(formRef.current, errors);
  };

  const onValid = (body: FieldValues) => {
    setCopied('');
    save.mutate(
      { passengerId: passenger.id, body },
      {
        // The saved record is the one to show: the server normalises (phone numbers, trimmed text).
        onSuccess: ({ data }) => form.reset(definition.initialValues(data)),
        onError: (error) => {
          if (isFieldValidationError(error)) showServerErrors(form, error, formRef.current, leafPaths(form.getValues()));
        },
      },
    );
  };

  const runCopy = () => {
    if (!copy) return;
    copy.run(form);
    setCopied(`Details copied from ${copy.from}. Check them, then confirm your answer.`);
  };

  const name = passengerName(passenger);
  const answered = sectionAnswered(passenger, definition.key);
  const rootError = form.formState.errors.root?.server?.message;
  const { Fields } = definition;

  return (
    <FormProvider {...form}>
      <form
        ref={formRef}
        className="passenger-form"
        aria-labelledby={headingId}
        noValidate
        onSubmit={(event) => void form.handleSubmit(onValid, onInvalid)(event)}
      >
        <div className="passenger-form__header">
          <h4 id={headingId} className="passenger-form__name">
            {name}
          </h4>
          <span className={`status-tag ${answered ? 'status-tag--done' : 'status-tag--pending'}`}>{answered ? 'Answered' : 'Not answered yet'}</span>
        </div>
        {copy && editable ? (
          <div className="passenger-form__copy">
            <Button variant="secondary" onClick={runCopy}>
              Copy details from passenger 1
            </Button>
            <p className="passenger-form__copied" id={statusId} role="status">
              {copied}
            </p>
          </div>
        ) : null}
        <fieldset className="passenger-form__fields" disabled={!editable}>
          <legend className="visually-hidden">
            {definition.title} for {name}
          </legend>
          <Fields tourEndDate={tourEndDate} />
        </fieldset>
        <FormFooter rootError={rootError} editable={editable} busy={save.isPending} describedBy={headingId} />
      </form>
    </FormProvider>
  );
}
