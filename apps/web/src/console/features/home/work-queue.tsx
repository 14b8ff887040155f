/**
 * The home page's work queue: what needs a person at the operator, each a
 * count leading to its filtered list of bookings (issue 26; the queues are
 * the domain's, packages/domain/src/staff/queues.ts once the bookings API is
 * in, counted by `GET /api/staff/bookings/queue`). Until then the region is
 * in place, named, and says the counts are not there yet, rather than
 * showing figures nobody computed.
 */
export function WorkQueue() {
  return (
    <section aria-labelledby="work-queue" className="console-queue">
      <h2 id="work-queue">Work queue</h2>
      <p className="console-hint">The counts of bookings waiting for a person (paid but unconfirmed, flagged payments, Optional bookings, overdue balances…) are not available in the console yet.</p>
    </section>
  );
}
