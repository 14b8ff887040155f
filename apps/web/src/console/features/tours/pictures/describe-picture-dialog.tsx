import { zodResolver } from '@hookform/resolvers/zod';
import { updateTourPictureBodySchema, type StaffTourPicture, type UpdateTourPictureInput } from '@tours/domain/contracts/staff/tour-pictures';
import { useEffect } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { Button } from '../../../../components/ui/button.tsx';
import { TextAreaField, TextField } from '../../../../components/ui/field.tsx';
import { Modal } from '../../../../components/ui/modal.tsx';
import { Notice } from '../../../../components/ui/notice.tsx';
import { isApiRequestError } from '../../../../lib/api-error.ts';
import { useTourPictureChanges } from './pictures-api.ts';

const resolver = zodResolver(updateTourPictureBodySchema) as unknown as Resolver<UpdateTourPictureInput, unknown, UpdateTourPictureInput>;

/** Describes a picture again (its alt text), with the reason; a stale picture is handed back to the section, which offers to reload. */
export function DescribePictureDialog({
  tourCode,
  picture,
  onStale,
  onDone,
  onClose,
}: {
  tourCode: string;
  picture: StaffTourPicture | null;
  onStale: (message: string) => void;
  onDone: () => void;
  onClose: () => void;
}) {
  const { describe } = useTourPictureChanges(tourCode);
  const form = useForm<UpdateTourPictureInput, unknown, UpdateTourPictureInput>({ resolver, defaultValues: { alt: '', reason: '' } });
  const { errors } = form.formState;
  useEffect(() => {
    if (picture) form.reset({ alt: picture.picture.alt, reason: '' });
  }, [picture, form]);

  const submit = form.handleSubmit(async (values) => {
    if (!picture) return;
    try {
      await describe.mutateAsync({ picture: picture.id, etag: picture.etag, ...values });
      onDone();
    } catch (error) {
      if (!isApiRequestError(error)) throw error;
      if (error.code === 'PRECONDITION_FAILED') return onStale(error.message);
      const fields = Object.entries(error.fields) as [keyof UpdateTourPictureInput, string][];
      for (const [field, message] of fields) form.setError(field, { message });
      if (fields.length === 0) form.setError('root', { message: error.message });
    }
  });

  return (
    <Modal open={picture !== null} onClose={onClose} title="Edit the description" locked={describe.isPending}>
      <form className="console-form" onSubmit={submit} noValidate>
        {errors.root ? (
          <Notice tone="danger" role="alert">
            <p>{errors.root.message}</p>
          </Notice>
        ) : null}
        <TextField label="What the picture shows" required autoComplete="off" error={errors.alt?.message} {...form.register('alt')} />
        <TextAreaField label="Reason" hint="Kept in the audit log with your name" required rows={2} error={errors.reason?.message} {...form.register('reason')} />
        <div className="console-actions">
          <Button type="submit" busy={describe.isPending}>
            Save the description
          </Button>
          <Button variant="secondary" onClick={onClose} disabled={describe.isPending}>
            Cancel
          </Button>
        </div>
      </form>
    </Modal>
  );
}
