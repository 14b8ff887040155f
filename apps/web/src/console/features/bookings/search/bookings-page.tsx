import { STAFF_QUEUE_INFO, STAFF_QUEUES, type StaffQueue } from '@tours/domain/staff/queues';
import { Link, useSearchParams } from 'react-router';
import { Notice } from '../../../../components/ui/notice.tsx';
import { Spinner } from '../../../../components/ui/spinner.tsx';
import { isApiRequestError } from '../../../../lib/api-error.ts';
import { usePageHeading } from '../../../app/use-page-title.ts';
import { useBookingSearch } from '../api/bookings-api.ts';
import { CsvButton } from './csv-button.tsx';
import { Pager } from './pager.tsx';
import { ResultsTable } from './results-table.tsx';
import { SearchForm } from './search-form.tsx';
import { exportQueryFromParams, filtersFromParams, hasFilters, paramsWithFilters, paramsWithPage, searchQueryFromParams } from './search-params.ts';

const queueOf = (value: string | null): StaffQueue | null => STAFF_QUEUES.find((queue) => queue === value) ?? null;

/**
 * /admin/bookings: the bookings search (permission bookings.read). The
 * filters, sort and page live in the URL (search-params.ts) and the API
 * searches, sorts and pages; the work queue's links open it with ?queue=….
 */
export function BookingsPage() {
  const [params, setParams] = useSearchParams();
  const queue = queueOf(params.get('queue'));
  const heading = usePageHeading(queue ? `Bookings: ${STAFF_QUEUE_INFO[queue].label}` : 'Bookings');
  const filters = filtersFromParams(params);
  const search = useBookingSearch(searchQueryFromParams(params));
  const fieldErrors = isApiRequestError(search.error) ? search.error.fields : {};
  const formKey = paramsWithFilters(new URLSearchParams(), filters).toString();

  return (
    <>
      <div className="console-page-head">
        <h1 tabIndex={-1} ref={heading}>
          Bookings
        </h1>
        <CsvButton query={exportQueryFromParams(params)} />
      </div>
      <SearchForm key={formKey} filters={filters} errors={fieldErrors} onSearch={(next) => setParams(paramsWithFilters(params, next))} />
      {queue ? (
        <Notice tone="info" title={`Work queue: ${STAFF_QUEUE_INFO[queue].label}`} titleAs="h2">
          <p>{STAFF_QUEUE_INFO[queue].description}</p>
        </Notice>
      ) : null}
      <section aria-labelledby="results-heading" className="console-results" aria-busy={search.isFetching}>
        <h2 id="results-heading" className="visually-hidden">
          Bookings found
        </h2>
        {search.isPending && !search.isError ? <Spinner label="Searching the bookings" /> : null}
        {search.isError ? (
          <Notice tone="danger" role="alert" title="The bookings could not be searched">
            <p>{Object.keys(fieldErrors).length > 0 ? 'Please correct the filters shown above.' : search.error.message}</p>
          </Notice>
        ) : null}
        {search.data && !search.isError ? (
          search.data.total === 0 ? (
            <div className="console-empty" role="status">
              <p className="console-empty__title">{hasFilters(filters) ? 'No booking matches these filters.' : 'There are no bookings yet.'}</p>
              {hasFilters(filters) ? (
                <p>
                  Check the spelling, widen the dates, or <Link to="/bookings">clear the filters</Link>.
                </p>
              ) : null}
            </div>
          ) : (
            <>
              <Pager page={search.data.page} pageSize={search.data.page_size} total={search.data.total} onPage={(page, size) => setParams(paramsWithPage(params, page, size))} />
              <ResultsTable rows={search.data.items} />
            </>
          )
        ) : null}
      </section>
    </>
  );
}
