import {
  addParticipant,
  ALERTS,
  isOnlineTalk,
  MAX_ONLINE_PARTICIPANTS,
  toIsoDate,
  type ParticipantsForm,
} from '@tours/domain';
import { useEffect, useRef, useState } from 'react';
import { FormProvider, useFieldArray, useForm, type FieldErrors } from 'react-hook-form';
import { Button } from '../../../../components/ui/button.tsx';
import { useAlerts } from '../../../../lib/alerts.ts';
import { usePassengerStore } from '../../store/passenger-store.ts';
import { DepartureAvailability } from './departure-availability.tsx';
import { DepartureNotice } from './departure-notice.tsx';
import { participantsResolver, sendable, type ParticipantsFormValues } from './form-values.ts';
import { focusFirstInvalid } from '../../../../lib/form-errors.ts';
import { ParticipantFields } from './participant-fields.tsx';
import { SameTravellers } from './same-travellers.tsx';
import './participants.css';

export interface ParticipantsStepProps {
  brandChannel: number;
  /** The departure's start date, 'YYYY-MM-DD'. */
  departureDate: string;
  /** True while the booking is being created: the Next button shows it and refuses a second press. */
  loading: boolean;
  /** Called with the validated participants and marketing source, ready for passengersForBooking and POST /bookings. */
  onNext: (valid: ParticipantsForm) => void;
}

/** Online talks take one participant (spec section 2: no add/remove buttons). */
function initialValues(onlineTalk: boolean): ParticipantsFormValues {
  const { participants, source } = usePassengerStore.getState();
  return { participants: onlineTalk ? participants.slice(0, 1) : participants, source };
}

function yesterday(): string {
  const date = new Date();
  date.setDate(date.getDate() - 1);
  return toIsoDate(date);
}

/**
 * Step 1 of /book: the participant form, bound to the passenger store so a
 * reload keeps what was typed. Next validates everything with the domain's
 * participantsFormSchema; a failure shows each message at its field, raises
 * 'Some validation errors were found' and focuses the first field in error.
 */
export function ParticipantsStep({ brandChannel, departureDate, loading, onNext }: ParticipantsStepProps) {
  const onlineTalk = isOnlineTalk(brandChannel);
  const { add: addAlert } = useAlerts();
  const formRef = useRef<HTMLFormElement>(null);
  const secondHeadingRef = useRef<HTMLHeadingElement>(null);
  const [focusAfterChange, setFocusAfterChange] = useState<'second' | 'add' | null>(null);
  const [latestBirthDate] = useState(yesterday);

  const form = useForm<ParticipantsFormValues, unknown, ParticipantsForm>({
    resolver: participantsResolver,
    defaultValues: initialValues(onlineTalk),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    // Focus goes to the first field in page order instead (react-hook-form's order is registration order).
    shouldFocusError: false,
  });
  // keyName: the participants' own `id` is data, so the array's render keys live elsewhere.
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'participants', keyName: 'key' });

  // Every change goes to the store at once, so a reload or a closed tab loses nothing. A change
  // made elsewhere (a logout resets the list, the booking writes its ids back) is shown at once,
  // rather than overwritten by the next keystroke.
  useEffect(() => {
    let saved = '';
    const save = (values: ParticipantsFormValues) => {
      const copy = structuredClone(values);
      saved = JSON.stringify(copy);
      usePassengerStore.getState().setForm(copy);
    };
    save(form.getValues());
    const stopForm = form.subscribe({ formState: { values: true }, callback: ({ values }) => save(values) });
    const stopStore = usePassengerStore.subscribe(({ participants, source }) => {
      const current = JSON.stringify({ participants, source });
      if (current === saved) return;
      saved = current;
      form.reset(structuredClone({ participants, source }));
    });
    return () => {
      stopForm();
      stopStore();
    };
  }, [form]);

  useEffect(() => {
    if (focusAfterChange === 'second') secondHeadingRef.current?.focus();
    if (focusAfterChange === 'add') formRef.current?.querySelector<HTMLElement>('[data-add-participant]')?.focus();
  }, [focusAfterChange, fields.length]);

  const addSecond = () => {
    const next = addParticipant(form.getValues('participants'))[1];
    if (!next) return;
    append(next, { shouldFocus: false });
    setFocusAfterChange('second');
  };

  const removeSecond = () => {
    remove(1);
    setFocusAfterChange('add');
  };

  const onInvalid = (errors: FieldErrors<ParticipantsFormValues>) => {
    addAlert(ALERTS.validationErrors);
    focusFirstInvalid(formRef.current, errors);
  };

  const onValid = (values: ParticipantsForm) => {
    if (!loading) onNext(sendable(values, onlineTalk));
  };

  const canAdd = !onlineTalk && fields.length < MAX_ONLINE_PARTICIPANTS;

  return (
    <FormProvider {...form}>
      <form ref={formRef} className="participants" noValidate onSubmit={(event) => void form.handleSubmit(onValid, onInvalid)(event)}>
        <DepartureAvailability />
        <DepartureNotice brandChannel={brandChannel} departureDate={departureDate} />
        <SameTravellers max={onlineTalk ? 1 : MAX_ONLINE_PARTICIPANTS} />
        <p className="participants__required-note">Fields marked (required) must be filled in.</p>

        {fields.map((field, index) => (
          <ParticipantFields
            key={field.key}
            index={index}
            onlineTalk={onlineTalk}
            latestBirthDate={latestBirthDate}
            headingRef={index === 1 ? secondHeadingRef : undefined}
            actions={
              index === 1 && !onlineTalk ? (
                <Button variant="ghost" onClick={removeSecond}>
                  Remove second participant
                </Button>
              ) : undefined
            }
          />
        ))}

        <div className="participants__actions">
          {canAdd ? (
            <Button variant="secondary" data-add-participant onClick={addSecond}>
              Add second participant
            </Button>
          ) : (
            <span />
          )}
          <Button type="submit" busy={loading}>
            Next
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
