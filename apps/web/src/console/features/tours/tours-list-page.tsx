import { TOUR_KIND_NAMES } from '@tours/domain/contracts/catalogue';
import { formatShortDate } from '@tours/domain/dates';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { usePageHeading } from '../../app/use-page-title.ts';
import { useTours } from './tours-api.ts';


/** /admin/tours: every tour, searchable by code or name (kept in the URL, so Back returns to it). */
export function ToursListPage() {
  const heading = usePageHeading('Tours');
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [typed, setTyped] = useState(q);
  const tours = useTours(q);
  return (
    <>
      <h1 tabIndex={-1} ref={heading}>
        Tours
      </h1>
      <div className="console-actions">
        <ButtonLink to="/tours/new">Add a tour</ButtonLink>
        <ButtonLink to="/tours/season" variant="secondary">
          Season import and export
        </ButtonLink>
      </div>
      <form
        className="console-form console-form--inline"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          setParams(typed.trim() ? { q: typed.trim() } : {});
        }}
      >
        <TextField label="Code or name" type="search" value={typed} onChange={(event) => setTyped(event.target.value)} />
        <button type="submit" className="button button--secondary">
          Search
        </button>
      </form>
      {tours.isPending ? <Spinner label="Loading the tours" /> : null}
      {tours.isError ? (
        <Notice tone="danger" role="alert">
          <p>{tours.error.message}</p>
        </Notice>
      ) : null}
      {tours.data ? (
        tours.data.length === 0 ? (
          <p>No tour has this code or name.</p>
        ) : (
          <div className="console-table-wrap">
            <table className="console-table">
              <caption className="visually-hidden">Tours</caption>
              <thead>
                <tr>
                  <th scope="col">Code</th>
                  <th scope="col">Name</th>
                  <th scope="col">Kind</th>
                  <th scope="col">Departures</th>
                  <th scope="col">Next departure</th>
                </tr>
              </thead>
              <tbody>
                {tours.data.map((tour) => (
                  <tr key={tour.id}>
                    <td>
                      <Link to={`/tours/${tour.id}`}>{tour.code}</Link>
                    </td>
                    <td>{tour.name}</td>
                    <td>{TOUR_KIND_NAMES[tour.kind].one}</td>
                    <td>{tour.departures}</td>
                    <td>{tour.next_departure ? formatShortDate(tour.next_departure) : 'None'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )
      ) : null}
    </>
  );
}
