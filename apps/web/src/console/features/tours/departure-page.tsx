import { formatShortDate } from '@tours/domain/dates';
import type { ManagedDeparture } from '@tours/domain/contracts/staff/catalogue-departures';
import type { ManagedOption } from '@tours/domain/contracts/staff/catalogue-options';
import { formatAmount } from '@tours/domain/money';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { SelectField } from '../../../components/ui/field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { isApiRequestError } from '../../../lib/api-error.ts';
import { usePageHeading } from '../../app/use-page-title.ts';
import { ConfirmWithReason } from '../../components/confirm-with-reason.tsx';
import { DepartureForm } from './departure-form.tsx';
import { aKindOf, OPTION_KIND_LABELS, OptionForm } from './option-form.tsx';
import { useDeparture, useDepartureChanges, type Versioned } from './tours-api.ts';

type Kind = ManagedOption['kind'];

/** /admin/tours/:tour/departures/:departure: the departure's details and prices, and its rooms, flights, extras and additional nights. */
export function CatalogueDeparturePage() {
  const { tour, departure: departureParam } = useParams();
  const tourId = Number(tour);
  const departure = useDeparture(Number(departureParam));
  const title = departure.data ? `${departure.data.record.tour.code}, ${formatShortDate(departure.data.record.start_date)}` : 'Departure';
  const heading = usePageHeading(title);
  if (departure.isPending) return <Spinner label="Loading the departure" />;
  if (departure.isError) {
    return (
      <Notice tone="danger" role="alert">
        <p>{departure.error.message}</p>
      </Notice>
    );
  }
  const { record } = departure.data;
  const reload = () => void departure.refetch();
  return (
    <>
      <p className="console-breadcrumb">
        <Link to="/tours">Tours</Link> › <Link to={`/tours/${tourId}`}>{record.tour.code}</Link>
      </p>
      <h1 tabIndex={-1} ref={heading}>
        {title}
      </h1>
      <p className="console-lead">
        {record.places} places: {record.sold} sold, {record.held} held by bookings in progress.
      </p>
      <Options departure={departure.data} tourId={tourId} onReload={reload} />
      <section aria-labelledby="departure-details" className="console-panel">
        <h2 id="departure-details">Dates, places and prices</h2>
        <DepartureDetails key={record.version} departure={departure.data} tourId={tourId} onReload={reload} />
      </section>
      <DeleteDeparture departure={departure.data} tourId={tourId} />
    </>
  );
}

function DepartureDetails({ departure, tourId, onReload }: { departure: Versioned<ManagedDeparture>; tourId: number; onReload: () => void }) {
  const { update } = useDepartureChanges(tourId, departure.record.id);
  return (
    <DepartureForm
      departure={departure.record}
      taken={departure.record.sold + departure.record.held}
      submitLabel="Save the departure"
      onReload={onReload}
      onSave={async (body) => {
        await update.mutateAsync({ body, etag: departure.etag });
        return 'The departure is saved. New prices apply to new bookings only.';
      }}
    />
  );
}

const describe = (option: ManagedOption) =>
  option.kind === 'room' && option.room
    ? `${option.room.hotel_name}, ${option.room.city}: ${option.name} (${option.room.room_type})`
    : option.kind === 'flight' && option.flight
      ? `${option.flight.group_name}: ${option.name}`
      : option.name;

function Options({ departure, tourId, onReload }: { departure: Versioned<ManagedDeparture>; tourId: number; onReload: () => void }) {
  const changes = useDepartureChanges(tourId, departure.record.id);
  const [editing, setEditing] = useState<{ option: ManagedOption | null; kind: Kind } | null>(null);
  const [newKind, setNewKind] = useState<Kind>('room');
  const [removing, setRemoving] = useState<ManagedOption | null>(null);
  const [error, setError] = useState<string | null>(null);
  return (
    <section aria-labelledby="departure-options" className="console-panel">
      <h2 id="departure-options">Rooms, flights and extras</h2>
      {departure.record.options.length === 0 ? (
        <p>Nothing is sold with the places yet.</p>
      ) : (
        <div className="console-table-wrap">
          <table className="console-table">
            <caption className="visually-hidden">Options of the departure</caption>
            <thead>
              <tr>
                <th scope="col">Kind</th>
                <th scope="col">Option</th>
                <th scope="col">Stock</th>
                <th scope="col">Sold</th>
                <th scope="col">Held</th>
                <th scope="col">Price (GBP)</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {departure.record.options.map((option) => (
                <tr key={option.id}>
                  <td>{OPTION_KIND_LABELS[option.kind]}</td>
                  <td>
                    {describe(option)}
                    {option.closed ? ' (closed)' : ''}
                  </td>
                  <td>{option.stock}</td>
                  <td>{option.sold}</td>
                  <td>{option.held}</td>
                  <td>{formatAmount(option.prices.GBP, 'GBP', { pence: 'always' })}</td>
                  <td className="console-table__actions">
                    <Button variant="ghost" onClick={() => setEditing({ option, kind: option.kind })} aria-label={`Edit ${describe(option)}`}>
                      Edit
                    </Button>
                    {option.booked ? null : (
                      <Button variant="ghost" onClick={() => setRemoving(option)} aria-label={`Delete ${describe(option)}`}>
                        Delete
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="console-form console-form--inline">
        <SelectField label="Add" value={newKind} onChange={(event) => setNewKind(event.target.value as Kind)}>
          {(Object.keys(OPTION_KIND_LABELS) as Kind[]).map((kind) => (
            <option key={kind} value={kind}>
              {OPTION_KIND_LABELS[kind]}
            </option>
          ))}
        </SelectField>
        <Button variant="secondary" onClick={() => setEditing({ option: null, kind: newKind })}>
          Add {aKindOf(newKind)}
        </Button>
      </div>
      <Modal open={editing !== null} onClose={() => setEditing(null)} title={editing?.option ? `Edit ${describe(editing.option)}` : `Add ${aKindOf(editing?.kind ?? 'room')}`}>
        {editing ? (
          <OptionForm
            key={`${editing.option?.id ?? 'new'}-${departure.record.version}`}
            option={editing.option}
            kind={editing.kind}
            onReload={onReload}
            onSave={async (body) => {
              if (editing.option) await changes.updateOption.mutateAsync({ option: editing.option.id, body, etag: departure.etag });
              else await changes.addOption.mutateAsync({ body, etag: departure.etag });
              setEditing(null);
              return 'Saved.';
            }}
          />
        ) : null}
      </Modal>
      <ConfirmWithReason
        open={removing !== null}
        title={removing ? `Delete ${describe(removing)}?` : ''}
        confirmLabel="Delete the option"
        busy={changes.removeOption.isPending}
        error={error}
        onClose={() => {
          setRemoving(null);
          setError(null);
        }}
        onConfirm={(reason) =>
          changes.removeOption.mutate(
            { option: removing!.id, reason, etag: departure.etag },
            { onSuccess: () => setRemoving(null), onError: (caught) => setError(isApiRequestError(caught) ? caught.message : 'Something went wrong. Please try again.') },
          )
        }
      >
        <p>Nobody has booked it. It is no longer offered.</p>
      </ConfirmWithReason>
    </section>
  );
}

function DeleteDeparture({ departure, tourId }: { departure: Versioned<ManagedDeparture>; tourId: number }) {
  const { remove } = useDepartureChanges(tourId, departure.record.id);
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (departure.record.booked) return <p className="console-hint">This departure has bookings: it cannot be deleted. Set its status to Closed instead.</p>;
  return (
    <section aria-labelledby="departure-delete" className="console-panel">
      <h2 id="departure-delete">Delete</h2>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Delete this departure
      </Button>
      <ConfirmWithReason
        open={open}
        title="Delete this departure?"
        confirmLabel="Delete the departure"
        busy={remove.isPending}
        error={error}
        onClose={() => setOpen(false)}
        onConfirm={(reason) =>
          remove.mutate(
            { reason, etag: departure.etag },
            { onSuccess: () => void navigate(`/tours/${tourId}`), onError: (caught) => setError(isApiRequestError(caught) ? caught.message : 'Something went wrong. Please try again.') },
          )
        }
      >
        <p>The departure, its prices and its options are deleted. Nobody has booked it.</p>
      </ConfirmWithReason>
    </section>
  );
}
