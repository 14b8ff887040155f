import { formatShortDate } from '@tours/domain/dates';
import { DEPARTURE_STATUS_LABELS } from '@tours/domain/catalogue/management';
import type { ManagedTour } from '@tours/domain/contracts/staff/catalogue-tours';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { isApiRequestError } from '../../../lib/api-error.ts';
import { usePageHeading } from '../../app/use-page-title.ts';
import { ConfirmWithReason } from '../../components/confirm-with-reason.tsx';
import { DepartureForm } from './departure-form.tsx';
import { TourPicturesSection } from './pictures/tour-pictures-section.tsx';
import { TourForm } from './tour-form.tsx';
import { useDepartureChanges, useTour, useTourChanges, type Versioned } from './tours-api.ts';


/** /admin/tours/:tour: the tour's details, its departures (and a form to add one), and deleting a tour never booked. */
export function TourPage() {
  const id = Number(useParams().tour);
  const tour = useTour(id);
  const heading = usePageHeading(tour.data ? `${tour.data.record.code}: ${tour.data.record.name}` : 'Tour');
  const added = (useLocation().state as { added?: boolean } | null)?.added === true;
  if (tour.isPending) return <Spinner label="Loading the tour" />;
  if (tour.isError) {
    return (
      <Notice tone="danger" role="alert">
        <p>{tour.error.message}</p>
      </Notice>
    );
  }
  const { record } = tour.data;
  return (
    <>
      <p className="console-breadcrumb">
        <Link to="/tours">Tours</Link>
      </p>
      <h1 tabIndex={-1} ref={heading}>
        {record.code}: {record.name}
      </h1>
      {added ? (
        <Notice tone="success" role="status">
          <p>{record.code} is added. Add its departures below.</p>
        </Notice>
      ) : null}
      <Departures tour={tour.data} />
      <TourPicturesSection tourCode={record.code} />
      <section aria-labelledby="tour-details" className="console-panel">
        <h2 id="tour-details">Details</h2>
        <TourDetails key={record.version} tour={tour.data} onReload={() => void tour.refetch()} />
      </section>
      <DeleteTour tour={tour.data} />
    </>
  );
}

function TourDetails({ tour, onReload }: { tour: Versioned<ManagedTour>; onReload: () => void }) {
  const { update } = useTourChanges(tour.record.id);
  return (
    <TourForm
      tour={tour.record}
      codeFixed={tour.record.booked}
      submitLabel="Save the tour"
      onReload={onReload}
      onSave={async (body) => {
        await update.mutateAsync({ body, etag: tour.etag });
        return 'The tour is saved. Visitors see the change within a minute.';
      }}
    />
  );
}

function Departures({ tour }: { tour: Versioned<ManagedTour> }) {
  const { create } = useDepartureChanges(tour.record.id, null);
  const [adding, setAdding] = useState(false);
  return (
    <section aria-labelledby="tour-departures" className="console-panel">
      <h2 id="tour-departures">Departures</h2>
      {tour.record.departures.length === 0 ? (
        <p>No departures yet.</p>
      ) : (
        <div className="console-table-wrap">
          <table className="console-table">
            <caption className="visually-hidden">Departures of {tour.record.code}</caption>
            <thead>
              <tr>
                <th scope="col">Starts</th>
                <th scope="col">Ends</th>
                <th scope="col">Status</th>
                <th scope="col">Places</th>
                <th scope="col">Sold or held</th>
              </tr>
            </thead>
            <tbody>
              {tour.record.departures.map((departure) => (
                <tr key={departure.id}>
                  <td>
                    <Link to={`/tours/${tour.record.id}/departures/${departure.id}`}>{formatShortDate(departure.start_date)}</Link>
                  </td>
                  <td>{formatShortDate(departure.end_date)}</td>
                  <td>
                    {DEPARTURE_STATUS_LABELS[departure.status]}
                    {departure.hidden ? ', hidden' : ''}
                  </td>
                  <td>{departure.places}</td>
                  <td>{departure.taken}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {adding ? (
        <>
          <h3>New departure</h3>
          <DepartureForm
            departure={null}
            submitLabel="Add the departure"
            onSave={async (body) => {
              const { record } = await create.mutateAsync(body);
              return `The departure of ${formatShortDate(record.start_date)} is added. Open it to add rooms, flights and extras.`;
            }}
          />
        </>
      ) : (
        <Button variant="secondary" onClick={() => setAdding(true)}>
          Add a departure
        </Button>
      )}
    </section>
  );
}

function DeleteTour({ tour }: { tour: Versioned<ManagedTour> }) {
  const { remove } = useTourChanges(tour.record.id);
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (tour.record.booked) return <p className="console-hint">This tour has bookings: it cannot be deleted. Close its departures instead.</p>;
  return (
    <section aria-labelledby="tour-delete" className="console-panel">
      <h2 id="tour-delete">Delete</h2>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Delete this tour
      </Button>
      <ConfirmWithReason
        open={open}
        title={`Delete ${tour.record.code}?`}
        confirmLabel="Delete the tour"
        busy={remove.isPending}
        error={error}
        onClose={() => setOpen(false)}
        onConfirm={(reason) => {
          setError(null);
          remove.mutate(
            { reason, etag: tour.etag },
            {
              onSuccess: () => void navigate('/tours'),
              onError: (caught) => setError(isApiRequestError(caught) ? caught.message : 'Something went wrong. Please try again.'),
            },
          );
        }}
      >
        <p>The tour, its departures and its pictures are deleted. Nobody has booked it.</p>
      </ConfirmWithReason>
    </section>
  );
}
