import { DEPARTURE_STATUS_LABELS, DEPARTURE_STATUSES, type DepartureStatus } from '@tours/domain/catalogue/management';
import { departureChangeBodySchema, type DepartureInput } from '@tours/domain/contracts/staff/catalogue-departures';
import { DEPOSIT_PERCENT } from '@tours/domain/pricing/deposit';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { CheckboxField, SelectField, TextAreaField, TextField } from '../../../components/ui/field.tsx';
import { schemaResolver } from '../../lib/schema-resolver.ts';
import { priceFieldsOf, PriceInputs, pricesOf, SaveNotices, useSave, type PriceFields } from './save.tsx';

interface DepartureFields {
  start_date: string;
  end_date: string;
  status: DepartureStatus;
  hidden: boolean;
  places: string;
  prices: PriceFields;
  balance_due_days: string;
  deposit_percent: string;
  reason: string;
}
type DepartureBody = DepartureInput & { reason: string };

const toBody = (fields: DepartureFields) => ({
  ...fields,
  places: fields.places.trim() === '' ? Number.NaN : Number(fields.places),
  prices: pricesOf(fields.prices),
  // Empty: the operator's rule.
  balance_due_days: fields.balance_due_days.trim() === '' ? null : Number(fields.balance_due_days),
  deposit_percent: fields.deposit_percent.trim() === '' ? null : Number(fields.deposit_percent),
});
const resolver = schemaResolver<DepartureFields, DepartureBody>(departureChangeBodySchema, toBody);

const fieldsOf = (departure: DepartureInput | null): DepartureFields => ({
  start_date: departure?.start_date ?? '',
  end_date: departure?.end_date ?? '',
  status: departure?.status ?? 'open',
  hidden: departure?.hidden ?? false,
  places: departure ? String(departure.places) : '',
  prices: priceFieldsOf(departure?.prices ?? { GBP: 0, USD: 0, AUD: 0 }),
  balance_due_days: departure?.balance_due_days == null ? '' : String(departure.balance_due_days),
  deposit_percent: departure?.deposit_percent == null ? '' : String(departure.deposit_percent),
  reason: '',
});

interface DepartureFormProps {
  departure: DepartureInput | null;
  /** Places sold and held now: the least the places may be set to. */
  taken?: number;
  submitLabel: string;
  onSave: (body: DepartureBody) => Promise<string>;
  onReload?: () => void;
}

/** A departure's dates, status, places, visibility, prices per person, and its own deposit and balance rules where they differ. */
export function DepartureForm({ departure, taken = 0, submitLabel, onSave, onReload }: DepartureFormProps) {
  const form = useForm<DepartureFields, unknown, DepartureBody>({ resolver, defaultValues: fieldsOf(departure) });
  const { errors } = form.formState;
  const { saved, stale, submit } = useSave(form, onSave, { ...(departure ? {} : { afterSave: () => form.reset(fieldsOf(null)) }) });
  return (
    <form className="console-form" onSubmit={submit} noValidate aria-label={departure ? 'Departure details' : 'New departure'}>
      <SaveNotices saved={saved} stale={stale} root={errors.root?.message} onReload={() => onReload?.()} what="departure" />
      <div className="console-form__grid">
        <TextField label="Start date" type="date" required error={errors.start_date?.message} {...form.register('start_date')} />
        <TextField label="End date" type="date" required error={errors.end_date?.message} {...form.register('end_date')} />
      </div>
      <div className="console-form__grid">
        <SelectField label="Status" hint="On request: listed, not booked online. Closed: neither" required error={errors.status?.message} {...form.register('status')}>
          {DEPARTURE_STATUSES.map((status) => (
            <option key={status} value={status}>
              {DEPARTURE_STATUS_LABELS[status]}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Places"
          inputMode="numeric"
          required
          hint={taken > 0 ? `${taken} sold or held now: at least ${taken}` : undefined}
          error={errors.places?.message}
          {...form.register('places')}
        />
      </div>
      <CheckboxField label="Hidden from the catalogue (booked by its link only)" {...form.register('hidden')} />
      <div className="console-form__grid">
        <TextField
          label="Deposit, % of the total"
          inputMode="numeric"
          hint={`Only where this departure differs: empty keeps the usual ${DEPOSIT_PERCENT}%. Bookings already made keep theirs`}
          error={errors.deposit_percent?.message}
          {...form.register('deposit_percent')}
        />
        <TextField
          label="Balance due, days before the start"
          inputMode="numeric"
          hint="Only where this departure differs: empty keeps the operator's usual rule"
          error={errors.balance_due_days?.message}
          {...form.register('balance_due_days')}
        />
      </div>
      <PriceInputs form={form} name="prices" legend="Price per person" />
      <TextAreaField label="Reason for the change" hint="Kept in the audit log with your name" required rows={2} error={errors.reason?.message} {...form.register('reason')} />
      <Button type="submit" busy={form.formState.isSubmitting}>
        {submitLabel}
      </Button>
    </form>
  );
}
