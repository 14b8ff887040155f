import { BRAND_CHANNELS, brandChannelName } from '@tours/domain/brand-channels';
import { tourChangeBodySchema, type TourInput } from '@tours/domain/contracts/staff/catalogue-tours';
import { useFieldArray, useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { SelectField, TextAreaField, TextField } from '../../../components/ui/field.tsx';
import { schemaResolver } from '../../lib/schema-resolver.ts';
import { SaveNotices, useSave } from './save.tsx';

/** The tour as its form holds it: what is included is typed one line each. */
export interface TourFields {
  code: string;
  name: string;
  brand_channel: string;
  description: string;
  summary: string;
  itinerary: { title: string; description: string }[];
  inclusions: string;
  speakers: { title: string; forename: string; surname: string; biography: string }[];
  reason: string;
}
type TourBody = TourInput & { reason: string };

export const tourFieldsOf = (tour: TourInput | null): TourFields => ({
  code: tour?.code ?? '',
  name: tour?.name ?? '',
  brand_channel: String(tour?.brand_channel ?? ''),
  description: tour?.description ?? '',
  summary: tour?.summary ?? '',
  itinerary: tour?.itinerary.map((day) => ({ title: day.title, description: day.description ?? '' })) ?? [{ title: '', description: '' }],
  inclusions: tour?.inclusions.join('\n') ?? '',
  speakers: tour?.speakers.map((speaker) => ({ title: speaker.title ?? '', forename: speaker.forename, surname: speaker.surname, biography: speaker.biography ?? '' })) ?? [],
  reason: '',
});

const toBody = (fields: TourFields) => ({
  ...fields,
  brand_channel: fields.brand_channel === '' ? undefined : Number(fields.brand_channel),
  inclusions: fields.inclusions
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== ''),
});
const resolver = schemaResolver<TourFields, TourBody>(tourChangeBodySchema, toBody, (path) => (path[0] === 'inclusions' ? 'inclusions' : path.map(String).join('.')));

interface TourFormProps {
  tour: TourInput | null;
  /** The tour's code is fixed: it has bookings. */
  codeFixed?: boolean;
  submitLabel: string;
  onSave: (body: TourBody) => Promise<string>;
  onReload?: () => void;
}

/** A tour's details, itinerary, inclusions and speakers: the form of a new tour and of a tour's page. */
export function TourForm({ tour, codeFixed = false, submitLabel, onSave, onReload }: TourFormProps) {
  const form = useForm<TourFields, unknown, TourBody>({ resolver, defaultValues: tourFieldsOf(tour) });
  const days = useFieldArray({ control: form.control, name: 'itinerary' });
  const speakers = useFieldArray({ control: form.control, name: 'speakers' });
  const { errors } = form.formState;

  const { saved, stale, submit } = useSave(form, onSave);

  return (
    <form className="console-form" onSubmit={submit} noValidate aria-label="Tour details">
      <SaveNotices saved={saved} stale={stale} root={errors.root?.message} onReload={() => onReload?.()} what="tour" />
      <div className="console-form__grid">
        <TextField
          label="Tour code"
          hint={codeFixed ? 'Fixed: the tour has bookings' : 'Capital letters, digits and hyphens, as in MHW-VIE'}
          required
          readOnly={codeFixed}
          autoComplete="off"
          error={errors.code?.message}
          {...form.register('code')}
        />
        <SelectField label="Brand channel" hint="Decides the kind: a day trip, an online talk or a tour" required error={errors.brand_channel?.message} {...form.register('brand_channel')}>
          <option value="">Choose…</option>
          {Object.keys(BRAND_CHANNELS).map((code) => (
            <option key={code} value={code}>
              {brandChannelName(Number(code))}
            </option>
          ))}
        </SelectField>
      </div>
      <TextField label="Name" required autoComplete="off" error={errors.name?.message} {...form.register('name')} />
      <TextField label="Description" hint="One line for cards and lists" error={errors.description?.message} {...form.register('description')} />
      <TextAreaField label="Summary" hint="The tour page's opening paragraphs" rows={4} error={errors.summary?.message} {...form.register('summary')} />

      <fieldset className="console-fieldset">
        <legend>Itinerary by day</legend>
        {days.fields.map((day, index) => (
          <div key={day.id} className="console-repeat">
            <TextField label={`Day ${index + 1} title`} required error={errors.itinerary?.[index]?.title?.message} {...form.register(`itinerary.${index}.title`)} />
            <TextAreaField label={`Day ${index + 1} description`} rows={2} error={errors.itinerary?.[index]?.description?.message} {...form.register(`itinerary.${index}.description`)} />
            <Button variant="ghost" onClick={() => days.remove(index)}>
              Remove day {index + 1}
            </Button>
          </div>
        ))}
        <Button variant="secondary" onClick={() => days.append({ title: '', description: '' })}>
          Add a day
        </Button>
      </fieldset>

      <TextAreaField label="What is included" hint="One item a line" rows={4} error={errors.inclusions?.message} {...form.register('inclusions')} />

      <fieldset className="console-fieldset">
        <legend>Expert speakers</legend>
        {speakers.fields.map((speaker, index) => (
          <div key={speaker.id} className="console-repeat">
            <div className="console-form__grid">
              <TextField label="Title" error={errors.speakers?.[index]?.title?.message} {...form.register(`speakers.${index}.title`)} />
              <TextField label="Forename" required error={errors.speakers?.[index]?.forename?.message} {...form.register(`speakers.${index}.forename`)} />
              <TextField label="Surname" required error={errors.speakers?.[index]?.surname?.message} {...form.register(`speakers.${index}.surname`)} />
            </div>
            <TextAreaField label="Biography" rows={2} error={errors.speakers?.[index]?.biography?.message} {...form.register(`speakers.${index}.biography`)} />
            <Button variant="ghost" onClick={() => speakers.remove(index)}>
              Remove this speaker
            </Button>
          </div>
        ))}
        <Button variant="secondary" onClick={() => speakers.append({ title: '', forename: '', surname: '', biography: '' })}>
          Add a speaker
        </Button>
      </fieldset>

      <TextAreaField label="Reason for the change" hint="Kept in the audit log with your name" required rows={2} error={errors.reason?.message} {...form.register('reason')} />
      <Button type="submit" busy={form.formState.isSubmitting}>
        {submitLabel}
      </Button>
    </form>
  );
}
