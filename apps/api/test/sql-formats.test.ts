import { toProviderAmount } from '@tours/domain';
import { sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { csvText } from '../src/lib/csv.ts';
import { blankSql, csvTextSql, isoInstantSql, providerAmountSql } from '../src/lib/sql-formats.ts';
import { build } from './helper.ts';

/**
 * The staff bookings CSV is written by the database (lib/sql-formats.ts):
 * each SQL format must answer exactly what its rule answers (csv.ts's
 * csvText, the domain's toProviderAmount, Date#toISOString, String#trim),
 * on this engine, for the values at each rule's edges.
 */
describe('the SQL twins of the CSV formats', () => {
  const server = build();
  const db = () => server.app.db;

  /** Each value through `format` in one statement, in order. */
  async function formatted<T>(values: readonly T[], cast: string, format: (value: SQL) => SQL): Promise<(string | boolean)[]> {
    const rows = await queryRows<{ out: string | boolean }>(
      db(),
      sql`select ${format(sql`v.value`)} as out
        from (values ${sql.join(
          values.map((value, position) => sql`(cast(${typeof value === 'number' ? String(value) : value} as ${sql.raw(cast)}), cast(${position} as integer))`),
          sql`, `,
        )}) as v(value, position)
        order by v.position`,
    );
    return rows.map((row) => row.out);
  }

  it('writes a text field as csvText does: null empty, formulas defused, quotes, commas and line breaks quoted', async () => {
    const texts = [
      'Ashworth',
      '',
      'O’Brien',
      'Jean-Paul',
      'Smith, Jr',
      'The "Grand" Tour',
      '"',
      'line\nbreak',
      'carriage\rreturn',
      'crlf\r\n',
      '=SUM(A1:A9)',
      '+44 20 7946 0000',
      '-20',
      '@handle',
      '\tTabbed',
      '\rReturned',
      '=A1,"x"',
      ' =not at the start',
      'Zoë Ångström',
      '🙂 emoji',
      "it's",
      '\\backslash',
    ];
    expect(await formatted(texts, 'text', csvTextSql)).toEqual(texts.map((text) => csvText(text)));
    const [row] = await queryRows<{ out: string }>(db(), sql`select ${csvTextSql(sql`cast(null as text)`)} as out`);
    expect(row!.out).toBe(csvText(null));
  });

  it('writes an amount as toProviderAmount does, negative, small and large', async () => {
    const amounts = [0, 1, 5, 9, 10, 99, 100, 101, 105, 123_450, 999_999, -1, -5, -99, -100, -101, -2_000, -123_456, 2_147_483_647, -2_147_483_648, 9_007_199_254_740_991];
    expect(await formatted(amounts, 'bigint', providerAmountSql)).toEqual(amounts.map(toProviderAmount));
  });

  it('writes an instant as Date#toISOString does, milliseconds cut', async () => {
    const instants = [
      '1970-01-01T00:00:00.000Z',
      '2026-11-28T09:05:03.120Z',
      '2026-03-29T00:59:59.999Z',
      '2026-03-29T01:00:00.000Z',
      '2026-10-25T00:30:00.500Z',
      '1999-12-31T23:59:59.999Z',
      '2027-01-15T12:00:00.001Z',
    ];
    expect(await formatted(instants, 'timestamptz', isoInstantSql)).toEqual(instants.map((instant) => new Date(instant).toISOString()));
    // A timestamp keeps microseconds; a Date cuts them, as the list's rows (epoch milliseconds) do.
    const [row] = await queryRows<{ out: string; ms: number }>(
      db(),
      sql`select ${isoInstantSql(sql`cast('2026-11-28T09:05:03.123999Z' as timestamptz)`)} as out,
        cast(extract(epoch from cast('2026-11-28T09:05:03.123999Z' as timestamptz)) * 1000 as double precision) as ms`,
    );
    expect(row!.out).toBe(new Date(Number(row!.ms)).toISOString());
  });

  it('finds a text blank as String#trim does, Unicode spaces and line terminators included', async () => {
    const texts = ['', ' ', '\t', '\n\r', '\u00a0', '\u2003', '\u3000', '\ufeff', '\u2028', '\u180e', '\u200b', ' x ', 'Mr', '\u00a0Mr\u00a0'];
    expect(await formatted(texts, 'text', blankSql)).toEqual(texts.map((text) => text.trim() === ''));
  });
});
