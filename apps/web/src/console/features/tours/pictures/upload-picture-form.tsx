import { zodResolver } from '@hookform/resolvers/zod';
import { TOUR_PICTURE_LIMITS, TOUR_PICTURE_MESSAGES, uploadTourPictureFieldsSchema, type UploadTourPictureFields } from '@tours/domain/contracts/staff/tour-pictures';
import { useId, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { Button } from '../../../../components/ui/button.tsx';
import { Field, TextAreaField, TextField } from '../../../../components/ui/field.tsx';
import { Notice } from '../../../../components/ui/notice.tsx';
import { isApiRequestError } from '../../../../lib/api-error.ts';
import type { UploadProgress } from '../../../lib/staff-api.ts';
import { useTourPictureChanges } from './pictures-api.ts';

/** What the file input offers; the server decides from the bytes, whatever the browser says the file is. */
const ACCEPTED = 'image/jpeg,image/png,image/webp,image/avif';
const resolver = zodResolver(uploadTourPictureFieldsSchema) as unknown as Resolver<UploadTourPictureFields, unknown, UploadTourPictureFields>;

/** The file's own checks before it is sent: none chosen, or too large to be worth sending. */
function fileProblem(file: File | null): string | undefined {
  if (!file) return TOUR_PICTURE_MESSAGES.fileRequired;
  if (file.size > TOUR_PICTURE_LIMITS.maxBytes) return TOUR_PICTURE_MESSAGES.fileTooLarge;
  if (file.type && !ACCEPTED.split(',').includes(file.type)) return TOUR_PICTURE_MESSAGES.fileType;
  return undefined;
}

function ProgressNote({ progress }: { progress: UploadProgress }) {
  if (progress === 'processing') {
    return (
      <p className="console-hint" role="status">
        Sent. Making the picture in every size and format: this can take a few seconds.
      </p>
    );
  }
  const percent = progress.total > 0 ? Math.round((progress.sent / progress.total) * 100) : 0;
  return (
    <div className="tour-pictures__progress">
      <progress max={100} value={percent} aria-label="Upload progress" />
      <span role="status">Uploading: {percent}%</span>
    </div>
  );
}

/** Adds a picture to the tour: the file, what it shows (alt text) and why. The new picture goes last. */
export function UploadPictureForm({ tourCode, onAdded }: { tourCode: string; onAdded: () => void }) {
  const { upload } = useTourPictureChanges(tourCode);
  const form = useForm<UploadTourPictureFields, unknown, UploadTourPictureFields>({ resolver, defaultValues: { alt: '', reason: '' } });
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  // A new key empties the file input after an upload (its value cannot be set).
  const [inputKey, setInputKey] = useState(0);
  const headingId = useId();
  const { errors } = form.formState;

  const submit = form.handleSubmit(
    async (values) => {
      const problem = fileProblem(file);
      setFileError(problem);
      if (problem || !file) return;
      try {
        await upload.mutateAsync({ file, alt: values.alt, reason: values.reason, onProgress: setProgress });
        form.reset({ alt: '', reason: values.reason });
        setFile(null);
        setInputKey((key) => key + 1);
        onAdded();
      } catch (error) {
        if (!isApiRequestError(error)) throw error;
        const { file: refused, ...fields } = error.fields;
        setFileError(refused);
        for (const [field, message] of Object.entries(fields)) form.setError(field as keyof UploadTourPictureFields, { message });
        if (!refused && Object.keys(fields).length === 0) form.setError('root', { message: error.message });
      } finally {
        setProgress(null);
      }
    },
    // The file is checked with the fields, so every problem shows at once.
    () => setFileError(fileProblem(file)),
  );

  return (
    <section aria-labelledby={headingId} className="console-panel">
      <h3 id={headingId}>Add a picture</h3>
      <form className="console-form" onSubmit={submit} noValidate>
        {errors.root ? (
          <Notice tone="danger" role="alert">
            <p>{errors.root.message}</p>
          </Notice>
        ) : null}
        <Field
          label="Picture file"
          required
          hint={`JPEG, PNG, WebP or AVIF, at most ${TOUR_PICTURE_LIMITS.maxBytes / (1024 * 1024)} MB, at least ${TOUR_PICTURE_LIMITS.minWidth} pixels wide. It is resized for phones, laptops and large screens.`}
          error={fileError}
        >
          {(control) => (
            <input
              key={inputKey}
              {...control}
              type="file"
              accept={ACCEPTED}
              disabled={upload.isPending}
              onChange={(event) => {
                const chosen = event.target.files?.[0] ?? null;
                setFile(chosen);
                setFileError(chosen ? fileProblem(chosen) : undefined);
              }}
            />
          )}
        </Field>
        <TextField label="What the picture shows" hint="Read aloud to people who cannot see it, e.g. ‘The golden hall of the Musikverein during a concert’" required autoComplete="off" error={errors.alt?.message} disabled={upload.isPending} {...form.register('alt')} />
        <TextAreaField label="Reason" hint="Kept in the audit log with your name" required rows={2} error={errors.reason?.message} disabled={upload.isPending} {...form.register('reason')} />
        {progress ? <ProgressNote progress={progress} /> : null}
        <Button type="submit" busy={upload.isPending}>
          Upload the picture
        </Button>
      </form>
    </section>
  );
}
