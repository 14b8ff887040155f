import { BOOKING_STATUSES } from '@tours/domain/booking/statuses';
import { STAFF_QUEUE_INFO, STAFF_QUEUES } from '@tours/domain/staff/queues';
import { useId, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../../components/ui/button.tsx';
import { FieldError, SelectField, TextField } from '../../../../components/ui/field.tsx';
import type { SearchFilters } from './search-params.ts';

interface SearchFormProps {
  /** The filters the URL holds; the form starts from them (keyed by them, so Back and Forward refill it). */
  filters: SearchFilters;
  /** Field errors of the last search, by the API's query key. */
  errors: Record<string, string>;
  onSearch: (filters: SearchFilters) => void;
}

/** The filters of the bookings list: read when the member presses Search, then kept in the URL by the page. */
export function SearchForm({ filters, errors, onSearch }: SearchFormProps) {
  const id = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (key: Exclude<keyof SearchFilters, 'status'>) => String(data.get(key) ?? '');
    onSearch({
      reference: text('reference'),
      name: text('name'),
      email: text('email'),
      tour: text('tour'),
      agent: text('agent'),
      departure_from: text('departure_from'),
      departure_to: text('departure_to'),
      queue: text('queue'),
      status: BOOKING_STATUSES.filter((status) => data.getAll('status').includes(status)),
    });
  };
  const statusError = errors.status;

  return (
    <form className="console-search" role="search" aria-label="Bookings" onSubmit={submit} noValidate>
      <div className="console-search__grid">
        <TextField label="Reference or booking id" name="reference" defaultValue={filters.reference} error={errors.reference} autoComplete="off" spellCheck={false} />
        <TextField label="Passenger name" hint="Any passenger; accents and case ignored" name="name" defaultValue={filters.name} error={errors.name} autoComplete="off" />
        <TextField label="E-mail" hint="All or part of an address" name="email" defaultValue={filters.email} error={errors.email} autoComplete="off" spellCheck={false} />
        <TextField label="Tour code" hint="For example MHW-VIE" name="tour" defaultValue={filters.tour} error={errors.tour} autoComplete="off" spellCheck={false} />
        <TextField label="Departing from" name="departure_from" type="date" defaultValue={filters.departure_from} error={errors.departure_from} />
        <TextField label="Departing until" name="departure_to" type="date" defaultValue={filters.departure_to} error={errors.departure_to} />
        <TextField label="Agent code" hint="For example AG1001" name="agent" defaultValue={filters.agent} error={errors.agent} autoComplete="off" spellCheck={false} />
        <SelectField label="Work queue" name="queue" defaultValue={filters.queue} error={errors.queue}>
          <option value="">Any</option>
          {STAFF_QUEUES.map((queue) => (
            <option key={queue} value={queue}>
              {STAFF_QUEUE_INFO[queue].label}
            </option>
          ))}
        </SelectField>
      </div>
      <fieldset className={statusError ? 'console-search__statuses field--invalid' : 'console-search__statuses'} aria-describedby={statusError ? `${id}-status-error` : undefined}>
        <legend className="field__label">Status</legend>
        {BOOKING_STATUSES.map((status) => (
          <label key={status} className="console-check">
            <input type="checkbox" name="status" value={status} defaultChecked={filters.status.includes(status)} />
            {status}
          </label>
        ))}
        <FieldError id={`${id}-status-error`}>{statusError}</FieldError>
      </fieldset>
      <div className="console-actions">
        <Button type="submit">Search</Button>
        <Link to="/bookings">Clear the filters</Link>
      </div>
    </form>
  );
}
