import { zodResolver } from '@hookform/resolvers/zod';
import { arrivalTimeSchema, insuranceSchema, joiningInformationSchema, passportFormSchema } from '@tours/domain/account/forms';
import { updateStaffPassenger } from '@tours/domain/contracts/staff/booking-care';
import type { StaffPassenger } from '@tours/domain/contracts/staff/booking-page';
import { staffReasonSchema } from '@tours/domain/staff/reason';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm, useWatch, type FieldPath, type Resolver } from 'react-hook-form';
import { z } from 'zod/mini';
import { Button } from '../../../../components/ui/button.tsx';
import { SelectField, TextAreaField } from '../../../../components/ui/field.tsx';
import { Modal } from '../../../../components/ui/modal.tsx';
import { Notice } from '../../../../components/ui/notice.tsx';
import { isApiRequestError } from '../../../../lib/api-error.ts';
import { useAttemptKey } from '../../../lib/attempt-key.ts';
import { staffCall } from '../../../lib/staff-api.ts';
import { ArrivalFields, InsuranceFields, JoiningFields, PassportFields, type PassengerFormValues } from './passenger-fields.tsx';
import { actionErrorMessage, refreshBooking } from './refresh.ts';

type Section = PassengerFormValues['section'];

const SECTION_LABELS: Record<Section, string> = {
  apis: 'Passport details',
  insurance: 'Travel insurance',
  joining_information: 'The night before departure',
  arrival_time: 'Joining the group',
};

/** The one section being saved, with the account area's schema for it (the passport's validity until the tour ends included) and the reason. */
function schemaFor(section: Section, tourEndDate: string) {
  const sections = { apis: passportFormSchema(tourEndDate), insurance: insuranceSchema, joining_information: joiningInformationSchema, arrival_time: arrivalTimeSchema };
  return z.object({ [section]: sections[section], reason: staffReasonSchema });
}

type Body = { reason: string } & Partial<Record<Section, unknown>>;

const text = (value: string | null | undefined) => value ?? '';

function startingValues(passenger: StaffPassenger, section: Section): PassengerFormValues {
  const passport = passenger.passport.details;
  const insurance = passenger.insurance;
  return {
    section,
    apis: {
      document_type: text(passport?.document_type),
      document_number: text(passport?.document_number),
      nationality: text(passport?.nationality),
      place_of_issue: text(passport?.place_of_issue),
      country_of_residence: passport?.country_of_residence ?? 'GBR',
      issue_date: text(passport?.issue_date),
      expiry_date: text(passport?.expiry_date),
      place_of_birth: text(passport?.place_of_birth),
      date_of_birth: passport?.date_of_birth ?? text(passenger.date_of_birth),
    },
    insurance: {
      company_name: text(insurance?.company_name),
      company_number: text(insurance?.company_number),
      policy_number: text(insurance?.policy_number),
      description: text(insurance?.description),
      start_date: text(insurance?.start_date),
      expiry_date: text(insurance?.expiry_date),
      next_of_kin: text(insurance?.next_of_kin),
      next_of_kin_relationship: text(insurance?.next_of_kin_relationship),
      emergency_number: text(insurance?.emergency_number),
    },
    joining_information: { joining_text: text(passenger.joining_information) },
    arrival_time: text(passenger.arrival_time),
    reason: '',
  };
}

interface EditPassengerDialogProps {
  bookingId: number;
  tourEndDate: string;
  passenger: StaffPassenger;
  onClose: () => void;
  onDone: (message: string) => void;
}

/**
 * A passenger's details saved on the customer's behalf, one section at a
 * time as the account area saves them, with the account area's rules and a
 * reason for the audit log. Passport details can be edited only by a member
 * who may read them: the API gives nobody else the details to start from.
 */
export function EditPassengerDialog({ bookingId, tourEndDate, passenger, onClose, onDone }: EditPassengerDialogProps) {
  const { key } = useAttemptKey();
  const client = useQueryClient();
  const sections = (Object.keys(SECTION_LABELS) as Section[]).filter((section) => section !== 'apis' || !passenger.passport.masked);
  const resolver: Resolver<PassengerFormValues, unknown, Body> = (values, context, options) =>
    (zodResolver(schemaFor(values.section, tourEndDate)) as unknown as Resolver<PassengerFormValues, unknown, Body>)(values, context, options);
  const form = useForm<PassengerFormValues, unknown, Body>({ resolver, defaultValues: startingValues(passenger, sections[0]!) });
  const section = useWatch({ control: form.control, name: 'section' });
  const { errors } = form.formState;
  const name = `${passenger.given_name} ${passenger.family_name}`;
  const save = useMutation({
    mutationFn: (body: Body) => staffCall(updateStaffPassenger, { params: { booking: bookingId, passenger: passenger.id }, body: body as never, idempotencyKey: key }),
    onSettled: () => refreshBooking(client, bookingId),
  });

  const submit = form.handleSubmit(async (body) => {
    try {
      await save.mutateAsync(body);
      onDone(`Saved for ${name}: ${SECTION_LABELS[section].toLowerCase()}.`);
    } catch (error) {
      const fields = isApiRequestError(error) ? Object.entries(error.fields) : [];
      for (const [field, message] of fields) form.setError(field as FieldPath<PassengerFormValues>, { message });
      if (fields.length === 0) form.setError('root', { message: actionErrorMessage(error) });
    }
  });

  const fieldProps = { register: form.register, errors };
  return (
    <Modal open onClose={onClose} title={`Edit ${name}’s details`} locked={save.isPending}>
      <form className="console-form" noValidate onSubmit={(event) => void submit(event)}>
        {errors.root ? (
          <Notice tone="danger" role="alert" title="Not saved">
            <p>{errors.root.message}</p>
          </Notice>
        ) : null}
        <SelectField label="Details to change" {...form.register('section', { onChange: () => form.clearErrors() })}>
          {sections.map((option) => (
            <option key={option} value={option}>
              {SECTION_LABELS[option]}
            </option>
          ))}
        </SelectField>
        {section === 'apis' ? <PassportFields {...fieldProps} /> : null}
        {section === 'insurance' ? <InsuranceFields {...fieldProps} /> : null}
        {section === 'joining_information' ? <JoiningFields {...fieldProps} /> : null}
        {section === 'arrival_time' ? <ArrivalFields {...fieldProps} /> : null}
        <TextAreaField label="Reason for the change" hint="Kept in the audit log with your name" required rows={2} error={errors.reason?.message} {...form.register('reason')} />
        <div className="console-actions">
          <Button type="submit" busy={save.isPending}>
            Save {SECTION_LABELS[section].toLowerCase()}
          </Button>
          <Button variant="secondary" onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
        </div>
      </form>
    </Modal>
  );
}
