import { formatShortDate } from '@tours/domain/dates';
import { getLowStock } from '@tours/domain/contracts/staff/catalogue-inventory';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Notice } from '../../../components/ui/notice.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { staffCall } from '../../lib/staff-api.ts';


/**
 * The console home's low stock list (permission catalogue.edit): places,
 * rooms, seats or units nearly sold out on open departures yet to start, at
 * or under the LOW_STOCK_THRESHOLD setting, each linking to its departure.
 */
export function LowStock() {
  const low = useQuery({ queryKey: ['catalogue', 'low-stock'], queryFn: async ({ signal }) => (await staffCall(getLowStock, { signal })).body.data });
  return (
    <section aria-labelledby="low-stock">
      <h2 id="low-stock">Low stock</h2>
      {low.isPending ? <Spinner label="Loading what is nearly sold out" /> : null}
      {low.isError ? (
        <Notice tone="danger" role="alert">
          <p>{low.error.message}</p>
        </Notice>
      ) : null}
      {low.data ? (
        low.data.items.length === 0 ? (
          <p>Nothing on sale has {low.data.threshold} or fewer left.</p>
        ) : (
          <>
            <p>
              {low.data.total} on sale with {low.data.threshold} or fewer left{low.data.total > low.data.items.length ? `; the ${low.data.items.length} soonest` : ''}:
            </p>
            <ul className="console-links">
              {low.data.items.map((item) => (
                <li key={`${item.departure_id}-${item.kind}-${item.name}`}>
                  <Link to={`/tours/${item.tour_id}/departures/${item.departure_id}`}>
                    {item.tour_code}, {formatShortDate(item.start_date)}
                  </Link>
                  : {item.name}, {item.left} of {item.stock} left
                </li>
              ))}
            </ul>
          </>
        )
      ) : null}
    </section>
  );
}
