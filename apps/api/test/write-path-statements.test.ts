import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingBody, bearer, lead, optionIds, type CreatedTestBooking } from './booking-fixtures.ts';
import { tokenRequest } from './payment-fixtures.ts';
import { CARDS, submit as submitCard } from './payment-provider-fixtures.ts';
import { NO_TIMED_JOBS, buildTestApp, createTestDatabase } from './helper.ts';
import type { TestDatabase } from './test-database.ts';
import { WRITE_PATH_BUDGETS } from './write-path-budgets.ts';

/**
 * Statements per call of the booking write path (issue 15): create, the
 * selections, the payment token, the sandbox provider's pay and the confirm.
 * Every statement is one round trip to the database (node-postgres and PGlite
 * send one statement per query; BEGIN and COMMIT are statements too and are
 * counted). The budgets are the counts after removing the reads that were not
 * needed; a change that adds a statement to the path says why in write-path-budgets.ts.
 */
// The budgets live in write-path-budgets.ts, which bench/write-path.mjs reports beside its figures.
type WriteCall = keyof typeof WRITE_PATH_BUDGETS;

describe('statements of the booking write path', () => {
  let database: TestDatabase | undefined;
  let app: FastifyInstance | undefined;
  let counting = false;
  const statements: string[] = [];
  let transactions = 0;

  beforeAll(async () => {
    database = await createTestDatabase();
    const connection = await database.open({
      onQuery: (query) => {
        // node-postgres logs BEGIN and COMMIT, PGlite does not: they are counted as the transactions' two round trips instead.
        if (counting && !/^\s*(begin|commit|rollback)\b/i.test(query)) statements.push(query);
      },
    });
    // Each transaction adds two round trips (BEGIN, COMMIT), counted here on both engines; savepoints are statements.
    const open = connection.db.transaction.bind(connection.db);
    connection.db.transaction = ((...args: Parameters<typeof open>) => {
      if (counting) transactions += 1;
      return open(...args);
    }) as typeof open;
    app = await buildTestApp(database, { database: connection, env: NO_TIMED_JOBS });
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  async function counted(call: () => Promise<LightMyRequestResponse>) {
    statements.length = 0;
    transactions = 0;
    counting = true;
    try {
      const response = await call();
      return { response, statements: [...statements], transactions };
    } finally {
      counting = false;
    }
  }

  it('stays within each call budget', async () => {
    const server = app!;
    const body = await bookingBody(server, { code: 'TSG-SIC', startsInDays: 120, passengers: [lead] });
    const created = await counted(() => server.inject({ method: 'POST', url: '/api/bookings', payload: body }));
    expect(created.response.statusCode, created.response.body).toBe(201);
    const data = created.response.json().data;
    const headers = bearer(data.token.token);
    const tour = await server.inject({ method: 'GET', url: '/api/bookings/tour', headers });
    const booking: CreatedTestBooking = {
      id: data.booking.id,
      status: data.booking.status,
      token: data.token.token,
      passengerIds: data.booking.passengers.map((p: { id: number }) => p.id),
      tourId: tour.json().data.id,
      headers,
    };
    const ids = await optionIds(server, booking);
    const selected = await counted(() =>
      server.inject({
        method: 'POST',
        url: '/api/bookings/selections',
        headers,
        payload: { allocations: { accommodation: [{ component_id: ids.room('Hotel Villa Aretusa', 'Single'), passenger_ids: booking.passengerIds }] } },
      }),
    );
    expect(selected.response.statusCode, selected.response.body).toBe(200);
    const total = selected.response.json().data.total_price.value;
    const opened = await counted(() =>
      server.inject({ method: 'POST', url: '/api/bookings/payments/token', headers, payload: tokenRequest(booking, total) }),
    );
    expect(opened.response.statusCode, opened.response.body).toBe(201);
    const paid = await counted(() => submitCard(server, opened.response.json().data.token, { card_number: CARDS.succeeds }));
    expect(paid.response.statusCode, paid.response.body).toBe(200);
    const paymentId = paid.response.json().payment_id as string;
    const confirmed = await counted(() =>
      server.inject({ method: 'POST', url: '/api/bookings/confirm', headers, payload: { payment_id: paymentId, currency: 'GBP' } }),
    );
    expect(confirmed.response.statusCode, confirmed.response.body).toBe(200);
    expect(confirmed.response.json().data.status).toBe('confirmed');

    const counts: Record<WriteCall, { statements: string[]; transactions: number }> = { create: created, select: selected, token: opened, pay: paid, confirm: confirmed };
    // WRITE_PATH_STATEMENTS=1 prints every statement of every call.
    if (process.env.WRITE_PATH_STATEMENTS) {
      for (const [call, { statements: list }] of Object.entries(counts)) console.log(`${call}: ${list.length}\n  ${list.join('\n  ')}`);
    }
    for (const [call, budget] of Object.entries(WRITE_PATH_BUDGETS)) {
      const measured = counts[call as WriteCall];
      expect.soft(measured.statements.length, `${call} statements`).toBeLessThanOrEqual(budget.statements);
      expect.soft(measured.transactions, `${call} transactions`).toBe(budget.transactions);
      // Round trips: every statement, and BEGIN and COMMIT of every transaction.
      expect.soft(measured.statements.length + 2 * measured.transactions, `${call} round trips`).toBeLessThanOrEqual(budget.statements + 2 * budget.transactions);
    }

    // Row locks: the selections lock the booking, the departure and the options FOR NO KEY UPDATE (they guard counters,
    // not keys), so bookings and allocations referencing those rows are not kept waiting; only settlement, which gives
    // the booking its reference (a unique key), takes FOR UPDATE on the booking.
    const locks = (list: string[]) => list.map((statement) => / for (no key update|update)\b.*$/.exec(statement)?.[0].trim()).filter(Boolean);
    expect(locks(selected.statements)).toEqual(['for no key update', 'for no key update of "departures"', 'for no key update']);
    expect(locks(opened.statements)).toEqual(['for no key update']);
    expect(locks(confirmed.statements).filter((lock) => /^for update/.test(lock!))).toEqual(['for update of "bookings"']);
    expect(confirmed.statements.filter((statement) => /from "departures" .*for update/.test(statement))).toEqual([]);
  });
});
