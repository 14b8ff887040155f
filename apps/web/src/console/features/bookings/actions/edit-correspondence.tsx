import { zodResolver } from '@hookform/resolvers/zod';
import { correspondenceSchema } from '@tours/domain/account/forms';
import { updateStaffCorrespondence } from '@tours/domain/contracts/staff/booking-care';
import type { StaffBookingDetail } from '@tours/domain/contracts/staff/booking-page';
import { COUNTRIES } from '@tours/domain/countries';
import { staffReasonSchema } from '@tours/domain/staff/reason';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm, useWatch, type FieldPath, type Resolver } from 'react-hook-form';
import { z } from 'zod/mini';
import { Button } from '../../../../components/ui/button.tsx';
import { SelectField, TextAreaField, TextField } from '../../../../components/ui/field.tsx';
import { Modal } from '../../../../components/ui/modal.tsx';
import { Notice } from '../../../../components/ui/notice.tsx';
import { isApiRequestError } from '../../../../lib/api-error.ts';
import { useAttemptKey } from '../../../lib/attempt-key.ts';
import { staffCall } from '../../../lib/staff-api.ts';
import { SEND_TO_LABELS } from '../labels.ts';
import { actionErrorMessage, refreshBooking } from './refresh.ts';

const SEND_TO = SEND_TO_LABELS;
type SendTo = keyof typeof SEND_TO;

interface CorrespondenceValues {
  send_to: SendTo;
  alternate_address: { line_1: string; line_2: string; line_3: string; city: string; state: string; postal_code: string; country: string };
  reason: string;
}
type Body = { correspondence: z.output<typeof correspondenceSchema>; reason: string };

/** The account area's schema, the alternate address only when it is the choice, and the reason. */
const resolver: Resolver<CorrespondenceValues, unknown, Body> = async (values, context, options) => {
  const correspondence = values.send_to === 'alternate_address' ? { send_to: values.send_to, alternate_address: values.alternate_address } : { send_to: values.send_to };
  const schema = z.object({ correspondence: correspondenceSchema, reason: staffReasonSchema });
  const checked = await (zodResolver(schema) as unknown as Resolver<Body, unknown, Body>)({ correspondence, reason: values.reason } as Body, context, options as never);
  // The schema's paths start at `correspondence`; the form's fields do not.
  const errors = checked.errors as Record<string, unknown>;
  const { correspondence: nested, ...rest } = errors;
  return { values: checked.values, errors: { ...rest, ...((nested as object | undefined) ?? {}) } } as never;
};

/** Where the booking's final documents go, chosen on the customer's behalf with the account area's rules and a reason. */
export function EditCorrespondenceDialog({ detail, onClose, onDone }: { detail: StaffBookingDetail; onClose: () => void; onDone: (message: string) => void }) {
  const { key } = useAttemptKey();
  const client = useQueryClient();
  const current = detail.booking.correspondence;
  const address = current?.alternate_address;
  const form = useForm<CorrespondenceValues, unknown, Body>({
    resolver,
    defaultValues: {
      send_to: (current?.send_to as SendTo | undefined) ?? 'primary_address',
      alternate_address: {
        line_1: address?.line_1 ?? '',
        line_2: address?.line_2 ?? '',
        line_3: '',
        city: address?.city ?? '',
        state: address?.state ?? '',
        postal_code: address?.postal_code ?? '',
        country: address?.country ?? 'GBR',
      },
      reason: '',
    },
  });
  const sendTo = useWatch({ control: form.control, name: 'send_to' });
  const { errors } = form.formState;
  const bookingId = detail.booking.id;
  const save = useMutation({
    mutationFn: (body: Body) => staffCall(updateStaffCorrespondence, { params: { booking: bookingId }, body, idempotencyKey: key }),
    onSettled: () => refreshBooking(client, bookingId),
  });
  const submit = form.handleSubmit(async (body) => {
    try {
      await save.mutateAsync(body);
      onDone(`The final documents go to: ${SEND_TO[body.correspondence.send_to].toLowerCase()}.`);
    } catch (error) {
      const fields = isApiRequestError(error) ? Object.entries(error.fields) : [];
      for (const [field, message] of fields) form.setError(field.replace(/^correspondence\./, '') as FieldPath<CorrespondenceValues>, { message });
      if (fields.length === 0) form.setError('root', { message: actionErrorMessage(error) });
    }
  });
  const addressError = (field: keyof CorrespondenceValues['alternate_address']) => errors.alternate_address?.[field]?.message;

  return (
    <Modal open onClose={onClose} title="Where the final documents go" locked={save.isPending}>
      <form className="console-form" noValidate onSubmit={(event) => void submit(event)}>
        {errors.root ? (
          <Notice tone="danger" role="alert" title="Not saved">
            <p>{errors.root.message}</p>
          </Notice>
        ) : null}
        <SelectField label="Send the documents to" {...form.register('send_to')}>
          {(Object.keys(SEND_TO) as SendTo[]).map((option) => (
            <option key={option} value={option}>
              {SEND_TO[option]}
            </option>
          ))}
        </SelectField>
        {sendTo === 'alternate_address' ? (
          <fieldset className="console-fieldset">
            <legend>The other address</legend>
            <TextField label="Address line 1" required error={addressError('line_1')} {...form.register('alternate_address.line_1')} />
            <TextField label="Address line 2" error={addressError('line_2')} {...form.register('alternate_address.line_2')} />
            <TextField label="Town or city" required error={addressError('city')} {...form.register('alternate_address.city')} />
            <TextField label="County" required error={addressError('state')} {...form.register('alternate_address.state')} />
            <TextField label="Postcode" required error={addressError('postal_code')} {...form.register('alternate_address.postal_code')} />
            <SelectField label="Country" error={addressError('country')} {...form.register('alternate_address.country')}>
              {COUNTRIES.map((country) => (
                <option key={country.code} value={country.code}>
                  {country.name}
                </option>
              ))}
            </SelectField>
          </fieldset>
        ) : null}
        <TextAreaField label="Reason for the change" hint="Kept in the audit log with your name" required rows={2} error={errors.reason?.message} {...form.register('reason')} />
        <div className="console-actions">
          <Button type="submit" busy={save.isPending}>
            Save
          </Button>
          <Button variant="secondary" onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
        </div>
      </form>
    </Modal>
  );
}
