import { usePageHeading } from '../../app/use-page-title.ts';

/**
 * The bookings section (/admin/bookings, permission `bookings.read`): the
 * place where the search, the filtered lists of the work queue and the CSV
 * export go (issue 26: TanStack Table, server-side paging, sorting and
 * filters, state in the URL; API `GET /api/staff/bookings`). Until those
 * pages are built the route, the navigation entry and the permission check
 * are here, so the section can be filled in without touching the shell.
 */
export function BookingsPage() {
  const heading = usePageHeading('Bookings');
  return (
    <>
      <h1 tabIndex={-1} ref={heading}>
        Bookings
      </h1>
      <section aria-labelledby="bookings-search" className="console-placeholder">
        <h2 id="bookings-search">Find a booking</h2>
        <p>Searching bookings by reference, name, e-mail, tour, departure date, status or agent is not available in the console yet.</p>
      </section>
    </>
  );
}
