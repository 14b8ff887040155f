import { formatLongDate } from '@tours/domain/dates';
import { Link, useSearchParams } from 'react-router';
import { Notice } from '../../../components/ui/notice.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { usePageHeading } from '../../app/use-page-title.ts';
import { useDepartures } from './departures-api.ts';

const PAGE_SIZE = 25;

/** /admin/departures: departures by tour code and dates, earliest first, with places sold, held and left; the filters live in the URL. */
export function DeparturesPage() {
  const heading = usePageHeading('Departures');
  const [params, setParams] = useSearchParams();
  const tour = params.get('tour') ?? '';
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const page = Math.max(1, Number(params.get('page') ?? '1') || 1);
  const departures = useDepartures({
    ...(tour ? { tour } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    page,
    page_size: PAGE_SIZE,
  });
  const set = (key: string, value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, value);
        else next.delete(key);
        if (key !== 'page') next.delete('page');
        return next;
      },
      { replace: key !== 'page' },
    );
  const pages = departures.data ? Math.max(1, Math.ceil(departures.data.total / PAGE_SIZE)) : 1;

  return (
    <>
      <h1 tabIndex={-1} ref={heading}>
        Departures
      </h1>
      <div className="console-filters">
        <label htmlFor="departures-tour" className="field__label">
          Tour code
        </label>
        <input id="departures-tour" className="input" type="search" value={tour} onChange={(event) => set('tour', event.target.value)} />
        <label htmlFor="departures-from" className="field__label">
          Departing from
        </label>
        <input id="departures-from" className="input" type="date" value={from} onChange={(event) => set('from', event.target.value)} />
        <label htmlFor="departures-to" className="field__label">
          Departing until
        </label>
        <input id="departures-to" className="input" type="date" value={to} onChange={(event) => set('to', event.target.value)} />
      </div>
      {departures.isPending ? <Spinner label="Loading the departures" /> : null}
      {departures.isError ? (
        <Notice tone="danger" role="alert">
          <p>{departures.error.message}</p>
        </Notice>
      ) : null}
      {departures.data ? (
        <>
          <p role="status">
            {departures.data.total === 1 ? '1 departure' : `${departures.data.total} departures`}, page {page} of {pages}
          </p>
          <div className="console-table-wrap">
            <table className="console-table">
              <caption className="visually-hidden">Departures</caption>
              <thead>
                <tr>
                  <th scope="col">Departure</th>
                  <th scope="col">Tour</th>
                  <th scope="col">Returns</th>
                  <th scope="col">Capacity</th>
                  <th scope="col">Sold</th>
                  <th scope="col">Held</th>
                  <th scope="col">Left</th>
                </tr>
              </thead>
              <tbody>
                {departures.data.items.map((row) => (
                  <tr key={row.id}>
                    <td>
                      <Link to={`/departures/${row.id}`}>
                        {row.tour.code} {formatLongDate(row.start_date)}
                      </Link>
                    </td>
                    <td>{row.tour.name}</td>
                    <td>{formatLongDate(row.end_date)}</td>
                    <td>{row.places.capacity}</td>
                    <td>{row.places.sold}</td>
                    <td>{row.places.held}</td>
                    <td>{row.places.left}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <nav aria-label="Pages" className="console-pager console-pager--plain">
            <button type="button" className="button button--secondary" disabled={page <= 1} onClick={() => set('page', String(page - 1))}>
              Previous page
            </button>
            <button type="button" className="button button--secondary" disabled={page >= pages} onClick={() => set('page', String(page + 1))}>
              Next page
            </button>
          </nav>
        </>
      ) : null}
    </>
  );
}
