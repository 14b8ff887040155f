import { createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { isTransientDatabaseError } from '../src/lib/pg-errors.ts';

const failureOf = (work: Promise<unknown>) =>
  work.then(
    () => null,
    (error: unknown) => error,
  );

const messages = (error: unknown): string[] => {
  const found: string[] = [];
  for (let cause = error; cause && typeof cause === 'object'; cause = (cause as { cause?: unknown }).cause) found.push(String((cause as Error).message));
  return found;
};

describe('a pool busy for the whole wait', () => {
  it('is a passing failure, retried and left to reconciliation, never a booking’s fate', async () => {
    // A server that takes connections and never answers: the pool's one connection stays busy connecting.
    const sockets: Socket[] = [];
    let closing = false;
    const server = createServer((socket) => (closing ? socket.destroy() : sockets.push(socket)));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const pool = new pg.Pool({ host: '127.0.0.1', port, user: 'nobody', database: 'none', max: 1, connectionTimeoutMillis: 300 });
    pool.on('error', () => {});
    try {
      const db = drizzle({ client: pool });
      const [first, queued] = await Promise.all([failureOf(db.execute(sql`select 1`)), failureOf(db.execute(sql`select 2`))]);
      // The race suite met the queued one under hundreds of buyers: settlement took it for a business failure and left a paid booking unconfirmed.
      expect(messages(queued).join(' | ')).toMatch(/timeout exceeded when trying to connect/);
      expect(isTransientDatabaseError(queued)).toBe(true);
      expect(isTransientDatabaseError(first)).toBe(true);
    } finally {
      // The pool may still be dialling for the queued caller: whatever arrives now is hung up on, so both close.
      closing = true;
      for (const socket of sockets) socket.destroy();
      await Promise.all([pool.end().catch(() => {}), new Promise((resolve) => server.close(resolve))]);
    }
  });
});
