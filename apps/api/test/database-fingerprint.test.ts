import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { fingerprint } from './database-fingerprint.ts';
import { build } from './helper.ts';
import { sessionFor, staffMember } from './staff-fixtures.ts';

/**
 * The fingerprint the fuzz, the hostile-input tests and the staff role
 * matrix take around refused requests (one statement for every table) sees
 * a change of one row in the one table it was made in, nothing where
 * nothing changed, and nothing of the columns it was told to leave out.
 */
describe('the database fingerprint', () => {
  const server = build();

  it('is the same twice over an unchanged database, and names every table', async () => {
    const first = await fingerprint(server.app.db);
    expect(await fingerprint(server.app.db)).toEqual(first);
    expect(Object.keys(first)).toEqual(expect.arrayContaining(['bookings', 'tours', 'agents', 'payments']));
    expect(Object.keys(first)).not.toContain('rate_limit_counters');
    expect(first.tours).toMatch(/^[1-9]\d*:[0-9a-f]{32}$/);
  });

  it('changes for the table a row changed in, and only for it', async () => {
    const before = await fingerprint(server.app.db);
    await queryRows(server.app.db, sql`update tours set description = description || ' ' where code = 'MHW-VIE'`);
    const after = await fingerprint(server.app.db);
    expect(Object.keys(after).filter((table) => after[table] !== before[table])).toEqual(['tours']);
    expect(after.tours!.split(':')[0]).toBe(before.tours!.split(':')[0]);
  });

  it('counts the rate-limit counters only when asked to, by their number', async () => {
    const before = await fingerprint(server.app.db, { countChanging: true });
    await queryRows(server.app.db, sql`insert into rate_limit_counters (scope, key_hash, count, window_started_at, expires_at) values ('fingerprint-test', 'k', 1, now(), now() + interval '1 hour')`);
    const after = await fingerprint(server.app.db, { countChanging: true });
    expect(Number(after.rate_limit_counters)).toBe(Number(before.rate_limit_counters) + 1);
    expect(Object.keys(after).filter((table) => after[table] !== before[table])).toEqual(['rate_limit_counters']);
  });

  it('leaves out the columns it is told to, and still sees the rest of their table', async () => {
    // A session, whose last use is what a refused staff request moves.
    await sessionFor(server.app, await staffMember(server.app, ['operations']));
    const leaveOut = { staff_sessions: ['last_seen_at'] };
    const before = await fingerprint(server.app.db, { leaveOut });
    await queryRows(server.app.db, sql`update staff_sessions set last_seen_at = last_seen_at + interval '1 minute'`);
    expect(await fingerprint(server.app.db, { leaveOut })).toEqual(before);
    expect((await fingerprint(server.app.db)).staff_sessions).not.toBe(before.staff_sessions);
    await queryRows(server.app.db, sql`update staff_sessions set mfa_method = 'recovery-code' where id = (select id from staff_sessions order by id limit 1)`);
    const after = await fingerprint(server.app.db, { leaveOut });
    expect(Object.keys(after).filter((table) => after[table] !== before[table])).toEqual(['staff_sessions']);
    await expect(fingerprint(server.app.db, { leaveOut: { no_such_table: ['x'] } })).rejects.toThrow('No table no_such_table');
  });
});
