import type { Database } from '../../db/client.ts';

/**
 * One selection at a time per departure and per database pool, in this
 * process. Selections on a departure run one after another anyway: each
 * takes the departure's row lock (ADR 0002). Waiting for that lock holds a
 * pooled connection, so a burst of buyers for one departure would otherwise
 * hold every connection of the pool while they wait, and every other request
 * of the replica (bookings being created, pages being read) would time out
 * waiting for one (race.test.ts found 500s from the pool's wait). Here they
 * wait their turn in memory instead, and each replica has at most one
 * connection waiting on the departure's lock. The row lock stays what orders
 * replicas; this only keeps a replica's pool for the rest of its work.
 * `work` is told whether it had to wait behind others of this replica.
 */
const turnsByPool = new WeakMap<Database, Map<number, Promise<void>>>();

export async function inDepartureTurn<T>(db: Database, departureId: number, work: (waited: boolean) => Promise<T>): Promise<T> {
  let turns = turnsByPool.get(db);
  if (!turns) {
    turns = new Map();
    turnsByPool.set(db, turns);
  }
  const ahead = turns.get(departureId);
  const previous = ahead ?? Promise.resolve();
  let done!: () => void;
  const released = new Promise<void>((resolve) => (done = resolve));
  const mine = previous.then(() => released);
  turns.set(departureId, mine);
  await previous;
  try {
    return await work(ahead !== undefined);
  } finally {
    done();
    // The last in line leaves nothing behind.
    if (turns.get(departureId) === mine) turns.delete(departureId);
  }
}
