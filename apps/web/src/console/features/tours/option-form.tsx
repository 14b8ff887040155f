import { FLIGHT_RATE_OPTIONS, ROOM_TYPES } from '@tours/domain/catalogue/management';
import { optionChangeBodySchema } from '@tours/domain/contracts/staff/catalogue-options';
import type { ManagedOption, OptionInput } from '@tours/domain/contracts/staff/catalogue-options';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { CheckboxField, SelectField, TextAreaField, TextField } from '../../../components/ui/field.tsx';
import { schemaResolver } from '../../lib/schema-resolver.ts';
import { priceFieldsOf, PriceInputs, pricesOf, SaveNotices, useSave, type PriceFields } from './save.tsx';

type Kind = ManagedOption['kind'];
export const OPTION_KIND_LABELS: Record<Kind, string> = { room: 'Room', flight: 'Flight', extra: 'Extra', additional_night: 'Additional night' };
/** 'a room', 'an extra': what the add button and dialog say. */
export const aKindOf = (kind: Kind): string => `${kind === 'extra' || kind === 'additional_night' ? 'an' : 'a'} ${OPTION_KIND_LABELS[kind].toLowerCase()}`;

/** Every kind's fields flat, as the form holds them; toBody keeps those of the kind chosen. */
interface OptionFields {
  kind: Kind;
  name: string;
  description: string;
  stock: string;
  occupancy_from: string;
  occupancy_to: string;
  nights: string;
  closed: boolean;
  prices: PriceFields;
  hotel_name: string;
  hotel_city: string;
  hotel_description: string;
  accommodation_name: string;
  room_type: string;
  group_name: string;
  rate_option: string;
  flight_number: string;
  airline_name: string;
  cabin_class_name: string;
  departure_airport: string;
  arrival_airport: string;
  departure_at: string;
  arrival_at: string;
  reason: string;
}
type OptionBody = OptionInput & { reason: string };

const whole = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));
/** A datetime-local value ('2027-05-01T09:30'), read as UTC as its label says. */
const utc = (local: string) => (local ? `${local}:00Z` : '');
const local = (iso: string | undefined) => (iso ? iso.slice(0, 16) : '');

function toBody(fields: OptionFields) {
  const sold = { stock: whole(fields.stock), prices: pricesOf(fields.prices), closed: fields.closed, reason: fields.reason };
  const described = { ...sold, name: fields.name, description: fields.description, occupancy_from: whole(fields.occupancy_from), occupancy_to: whole(fields.occupancy_to) };
  switch (fields.kind) {
    case 'room':
      return {
        kind: 'room',
        ...described,
        hotel: { name: fields.hotel_name, city: fields.hotel_city, description: fields.hotel_description },
        accommodation_name: fields.accommodation_name,
        room_type: fields.room_type,
        nights: whole(fields.nights),
      };
    case 'flight':
      return {
        kind: 'flight',
        ...sold,
        group: { name: fields.group_name, rate_option: fields.rate_option },
        flight_number: fields.flight_number,
        airline_name: fields.airline_name,
        cabin_class_name: fields.cabin_class_name,
        departure_airport: fields.departure_airport,
        arrival_airport: fields.arrival_airport,
        departure_at: utc(fields.departure_at),
        arrival_at: utc(fields.arrival_at),
      };
    case 'additional_night':
      return { kind: 'additional_night', ...described, nights: whole(fields.nights) };
    default:
      return { kind: 'extra', ...described };
  }
}

/** The contract's nested names as the form's flat ones. */
const FLAT: Record<string, string> = { 'hotel.name': 'hotel_name', 'hotel.city': 'hotel_city', 'hotel.description': 'hotel_description', 'group.name': 'group_name', 'group.rate_option': 'rate_option' };
const fieldOf = (path: string) => FLAT[path] ?? path;
const resolver = schemaResolver<OptionFields, OptionBody>(optionChangeBodySchema as never, toBody, (path) => fieldOf(path.map(String).join('.')));

const fieldsOf = (option: ManagedOption | null, kind: Kind): OptionFields => ({
  kind: option?.kind ?? kind,
  name: option?.name ?? '',
  description: option?.description ?? '',
  stock: option ? String(option.stock) : '',
  occupancy_from: String(option?.occupancy_from ?? 1),
  occupancy_to: String(option?.occupancy_to ?? 1),
  nights: String(option?.nights ?? 0),
  closed: option?.closed ?? false,
  prices: priceFieldsOf(option?.prices ?? { GBP: 0, USD: 0, AUD: 0 }),
  hotel_name: option?.room?.hotel_name ?? '',
  hotel_city: option?.room?.city ?? '',
  hotel_description: option?.room?.hotel_description ?? '',
  accommodation_name: option?.room?.accommodation_name ?? '',
  room_type: option?.room?.room_type ?? 'Single',
  group_name: option?.flight?.group_name ?? '',
  rate_option: option?.flight?.rate_option ?? 'Mandatory',
  flight_number: option?.flight?.flight_number ?? '',
  airline_name: option?.flight?.airline_name ?? '',
  cabin_class_name: option?.flight?.cabin_class_name ?? 'Economy',
  departure_airport: option?.flight?.departure_airport ?? '',
  arrival_airport: option?.flight?.arrival_airport ?? '',
  departure_at: local(option?.flight?.departure_at),
  arrival_at: local(option?.flight?.arrival_at),
  reason: '',
});

interface OptionFormProps {
  option: ManagedOption | null;
  kind: Kind;
  onSave: (body: OptionBody) => Promise<string>;
  onReload: () => void;
}

/** A room, flight, extra or additional night of a departure: its own fields, its stock and prices. */
export function OptionForm({ option, kind, onSave, onReload }: OptionFormProps) {
  const form = useForm<OptionFields, unknown, OptionBody>({ resolver, defaultValues: fieldsOf(option, kind) });
  const { errors } = form.formState;
  const taken = option ? option.sold + option.held : 0;
  const { saved, stale, submit } = useSave(form, onSave, { fieldOf });
  const text = (name: keyof OptionFields, label: string, extra: { hint?: string; required?: boolean; type?: string; inputMode?: 'numeric' } = {}) => (
    <TextField label={label} required={extra.required ?? true} hint={extra.hint} type={extra.type} inputMode={extra.inputMode} error={errors[name]?.message as string | undefined} {...form.register(name)} />
  );
  return (
    <form className="console-form" onSubmit={submit} noValidate aria-label={`${OPTION_KIND_LABELS[kind]} details`}>
      <SaveNotices saved={saved} stale={stale} root={errors.root?.message} onReload={onReload} what="departure" />
      {kind === 'flight' ? (
        <>
          <div className="console-form__grid">
            {text('group_name', 'Flight group', { hint: 'Flights of one group are alternatives, as Outbound flights' })}
            <SelectField label="Group is" required error={errors.rate_option?.message} {...form.register('rate_option')}>
              {FLIGHT_RATE_OPTIONS.map((rate) => (
                <option key={rate} value={rate}>
                  {rate}
                </option>
              ))}
            </SelectField>
          </div>
          <div className="console-form__grid">
            {text('flight_number', 'Flight number')}
            {text('airline_name', 'Airline')}
            {text('cabin_class_name', 'Cabin class')}
          </div>
          <div className="console-form__grid">
            {text('departure_airport', 'From', { hint: 'IATA code (LHR), or name and code: London Heathrow (LHR)' })}
            {text('departure_at', 'Departs (UTC)', { type: 'datetime-local' })}
          </div>
          <div className="console-form__grid">
            {text('arrival_airport', 'To', { hint: 'IATA code (VIE), or name and code: Vienna (VIE)' })}
            {text('arrival_at', 'Arrives (UTC)', { type: 'datetime-local' })}
          </div>
        </>
      ) : (
        <>
          {kind === 'room' ? (
            <div className="console-form__grid">
              {text('hotel_name', 'Hotel')}
              {text('hotel_city', 'City')}
              <SelectField label="Room type" required error={errors.room_type?.message} {...form.register('room_type')}>
                {ROOM_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {type}
                  </option>
                ))}
              </SelectField>
            </div>
          ) : null}
          {kind === 'room' ? (
            <>
              <TextAreaField label="About the hotel" hint="What the tour page says of it; empty keeps what it says" rows={2} error={errors.hotel_description?.message} {...form.register('hotel_description')} />
              {text('accommodation_name', 'Hotel as the reservations system spells it', { required: false, hint: 'Empty: the hotel’s name' })}
            </>
          ) : null}
          {text('name', 'Name')}
          <TextAreaField label="Description" rows={2} error={errors.description?.message} {...form.register('description')} />
          <div className="console-form__grid">
            {text('occupancy_from', 'People from', { inputMode: 'numeric' })}
            {text('occupancy_to', 'People to', { inputMode: 'numeric' })}
            {kind === 'room' || kind === 'additional_night' ? text('nights', 'Nights', { inputMode: 'numeric' }) : null}
          </div>
        </>
      )}
      {text('stock', kind === 'room' ? 'Rooms' : kind === 'flight' ? 'Seats' : 'Units', {
        inputMode: 'numeric',
        ...(taken > 0 ? { hint: `${taken} sold or held now: at least ${taken}` } : {}),
      })}
      <PriceInputs form={form} name="prices" legend="Price per person" />
      <CheckboxField label="Closed: not offered to new bookings" {...form.register('closed')} />
      <TextAreaField label="Reason for the change" hint="Kept in the audit log with your name" required rows={2} error={errors.reason?.message} {...form.register('reason')} />
      <Button type="submit" busy={form.formState.isSubmitting}>
        {option ? 'Save the option' : `Add the ${OPTION_KIND_LABELS[kind].toLowerCase()}`}
      </Button>
    </form>
  );
}
