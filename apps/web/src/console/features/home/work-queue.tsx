import { getStaffQueue } from '@tours/domain/contracts/staff/bookings';
import { STAFF_QUEUE_INFO, STAFF_QUEUES } from '@tours/domain/staff/queues';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { staffCall } from '../../lib/staff-api.ts';

const bookingsWord = (count: number) => (count === 1 ? '1 booking' : `${count} bookings`);

/**
 * The home page's work queue: what needs a person at the operator, each
 * queue's count (GET /api/staff/queue) leading to its list of bookings
 * (/admin/bookings?queue=…). Names and descriptions are the domain's, in the
 * domain's order, so a queue the API counts but this build does not know is
 * never shown as a blank line; one it leaves out reads 0.
 */
export function WorkQueue() {
  const queue = useQuery({
    queryKey: ['staff', 'queue'],
    queryFn: async ({ signal }) => (await staffCall(getStaffQueue, { signal })).body.data.items,
    // Counts move as customers pay and staff work the queue: fresher than the console's default.
    staleTime: 0,
  });
  const counts = new Map(queue.data?.map((item) => [item.queue, item.count]));

  return (
    <section aria-labelledby="work-queue" className="console-queue">
      <h2 id="work-queue">Work queue</h2>
      {queue.isPending ? <Spinner label="Counting the bookings in each queue" /> : null}
      {queue.isError ? (
        <Notice tone="danger" role="alert" title="The work queue could not be counted">
          <p>{queue.error.message}</p>
          <Button variant="secondary" busy={queue.isFetching} onClick={() => void queue.refetch()}>
            Try again
          </Button>
        </Notice>
      ) : null}
      {queue.data ? (
        <ul className="console-queue__list">
          {STAFF_QUEUES.map((name) => {
            const count = counts.get(name) ?? 0;
            const info = STAFF_QUEUE_INFO[name];
            return (
              <li key={name} className={count === 0 ? 'console-queue__item console-queue__item--empty' : 'console-queue__item'}>
                {/* Named in full ('Paid but unconfirmed: 3 bookings'): the count alone, read first, would mean nothing. */}
                <Link to={`/bookings?queue=${name}`} aria-label={`${info.label}: ${bookingsWord(count)}`} aria-describedby={`queue-${name}`}>
                  <span className="console-queue__count">{count}</span>
                  <span className="console-queue__label">{info.label}</span>
                </Link>
                <p id={`queue-${name}`} className="console-hint">
                  {info.description}
                </p>
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}
