import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { queryRows, type Database } from '../src/db/client.ts';
import { allocations } from '../src/db/schema/index.ts';
import { PROVIDER_UNREACHABLE } from '../src/modules/confirmation/verify.ts';
import { bearer, bookingBody, type AllocationsBody, type BookingRequest, type CreatedTestBooking } from './booking-fixtures.ts';
import { tokenRequest } from './payment-fixtures.ts';
import { CARDS, submit as submitCard } from './payment-provider-fixtures.ts';
import type { ReplicaSet } from './replicas.ts';

/**
 * Buyers for the race suite (race.test.ts): each one walks the booking flow
 * through real HTTP, as a browser behind a round-robin load balancer would,
 * so every call of one buyer lands on another replica than the last. The
 * booking-flow fixtures (booking-fixtures.ts, payment-fixtures.ts) speak
 * `app.inject`; an HttpHop gives them that shape over fetch, so the calls and
 * bodies are the same ones the app.inject suites make.
 */

/** The part of app.inject's answer the fixtures read. */
export type HttpAnswer = Pick<LightMyRequestResponse, 'statusCode' | 'body' | 'json'>;

/** app.inject's shape over fetch, each call to the next replica. */
export class HttpHop {
  private calls = 0;
  constructor(
    private readonly replicas: ReplicaSet,
    private readonly first: number,
  ) {}

  async inject(options: InjectOptions): Promise<HttpAnswer> {
    const { url } = this.replicas.pick(this.first + this.calls++);
    if (!url) throw new Error('The race runs over real HTTP: start the replicas with listen: true');
    const headers: Record<string, string> = { ...(options.headers as Record<string, string> | undefined) };
    let body: string | undefined;
    if (options.payload !== undefined) {
      body = typeof options.payload === 'string' ? options.payload : JSON.stringify(options.payload);
      headers['content-type'] ??= 'application/json';
    }
    const response = await fetch(`${url}${options.url as string}`, { method: options.method ?? 'GET', headers, body });
    const text = await response.text();
    return {
      statusCode: response.status,
      body: text,
      json: <T>() => JSON.parse(text) as T,
    };
  }

  /** The fixtures take an app; only its inject is ever called. */
  get asApp(): FastifyInstance {
    return this as unknown as FastifyInstance;
  }
}

export type Phase = 'create' | 'tour' | 'select' | 'token' | 'pay' | 'confirm';

export interface BuyerResult {
  index: number;
  bookingId?: number;
  /** The last phase reached, and its answer. */
  phase: Phase;
  status: number;
  code?: string;
  /** The error's message, when refused. */
  message?: string;
  /** The provider's payment id, once paid. */
  paymentId?: string;
  /** The confirm call's answer: 'confirmed', 'unconfirmed' (paid, places gone) … */
  outcome?: string;
  /** Every 5xx met on the way, with its body, for the report; but the confirm's 502 that the browser asks again (confirmAgain). */
  serverErrors: string[];
  /** How many times the confirm answered that the provider could not be asked, and was asked again. */
  confirmRetries: number;
}

/**
 * The confirm's answer that the browser asks again (apps/web's
 * ask-until-answered: 1 s, 2 s, 4 s, 8 s, then every 10 s): the provider
 * could not be asked in time. In the sandbox the provider is served by the
 * same replica through its pool, so on a machine starved by CI's other lanes
 * its look-up can wait past PAYMENT_PROVIDER_TIMEOUT_MS behind the race's
 * transactions (seen once on the PostgreSQL lane). The payment is not lost
 * either way: asked again, the confirm settles it, and reconciliation would.
 */
const CONFIRM_RETRY_DELAYS_MS = [1000, 2000, 4000, 8000];
const asksAgain = (answer: HttpAnswer) => {
  if (answer.statusCode !== 502) return false;
  try {
    return answer.json().error?.message === PROVIDER_UNREACHABLE;
  } catch {
    return false;
  }
};

export interface BuyerPlan {
  request: BookingRequest;
  /** The selection call: the day trip's tour alone, or a tour's allocations (ids read from the option lists). */
  choose: (hop: HttpHop, booking: CreatedTestBooking) => Promise<HttpAnswer>;
  /** Called between paying and confirming: a slow payer whose holds lapse meanwhile. */
  beforeConfirm?: (booking: CreatedTestBooking) => Promise<void>;
}

/** Selects the tour alone (day trips, online talks). */
export const tourAlone = (hop: HttpHop, booking: CreatedTestBooking) =>
  hop.inject({ method: 'POST', url: '/api/bookings/selection', headers: booking.headers, payload: { tour_id: booking.tourId } });

/** Selects allocations built from the booking's option lists. */
export const allocationsOf =
  (build: (hop: HttpHop, booking: CreatedTestBooking) => Promise<AllocationsBody>) => async (hop: HttpHop, booking: CreatedTestBooking) =>
    hop.inject({ method: 'POST', url: '/api/bookings/selections', headers: booking.headers, payload: { allocations: await build(hop, booking) } });

/**
 * One buyer, from the tour page to the confirmation: creates a booking,
 * chooses, opens the card form for the full amount, pays with a card that
 * succeeds through the provider's frame, and confirms. Stops at the first
 * refusal and says where; never throws for an answer, only for a broken
 * connection, so one buyer's failure never hides the others'.
 */
export async function runBuyer(replicas: ReplicaSet, index: number, plan: BuyerPlan): Promise<BuyerResult> {
  const hop = new HttpHop(replicas, index);
  const app = hop.asApp;
  const result: BuyerResult = { index, phase: 'create', status: 0, serverErrors: [], confirmRetries: 0 };
  const step = async (phase: Phase, call: () => Promise<HttpAnswer>, ok: number) => {
    const answer = await call();
    result.phase = phase;
    result.status = answer.statusCode;
    if (answer.statusCode >= 500) result.serverErrors.push(`${phase} ${answer.statusCode} ${answer.body}`);
    if (answer.statusCode !== ok) {
      try {
        ({ code: result.code, message: result.message } = answer.json().error ?? {});
      } catch {
        result.code = undefined;
      }
      return null;
    }
    return answer.json();
  };

  const created = await step('create', async () => hop.inject({ method: 'POST', url: '/api/bookings', payload: await bookingBody(app, plan.request) }), 201);
  if (!created) return result;
  const headers = bearer(created.data.token.token);
  result.bookingId = created.data.booking.id;
  // The web reads the booking's tour before showing the choices: 404 once the departure is sold out to others.
  const tour = await step('tour', () => hop.inject({ method: 'GET', url: '/api/bookings/tour', headers }), 200);
  if (!tour) return result;
  const booking: CreatedTestBooking = {
    id: created.data.booking.id,
    status: created.data.booking.status,
    token: created.data.token.token,
    passengerIds: created.data.booking.passengers.map((p: { id: number }) => p.id),
    tourId: tour.data.id,
    headers,
  };

  const chosen = await step('select', () => plan.choose(hop, booking), 200);
  if (!chosen) return result;
  const opened = await step(
    'token',
    () => hop.inject({ method: 'POST', url: '/api/bookings/payments/token', headers, payload: tokenRequest(booking, chosen.data.total_price.value, plan.request.currency) }),
    201,
  );
  if (!opened) return result;
  const paid = await step('pay', () => submitCard(app, opened.data.token, { card_number: CARDS.succeeds }) as unknown as Promise<HttpAnswer>, 200);
  if (!paid) return result;
  if (paid.status !== 'succeeded') throw new Error(`The card that succeeds answered ${JSON.stringify(paid)}`);
  result.paymentId = paid.payment_id;

  await plan.beforeConfirm?.(booking);
  const confirm = () => hop.inject({ method: 'POST', url: '/api/bookings/confirm', headers, payload: { payment_id: paid.payment_id, currency: plan.request.currency ?? 'GBP' } });
  const confirmed = await step(
    'confirm',
    async () => {
      let answer = await confirm();
      for (const delay of CONFIRM_RETRY_DELAYS_MS) {
        if (!asksAgain(answer)) break;
        result.confirmRetries += 1;
        await new Promise((resolve) => setTimeout(resolve, delay));
        answer = await confirm();
      }
      return answer;
    },
    200,
  );
  if (confirmed) result.outcome = confirmed.data.status;
  return result;
}

/** Makes the booking's holds lapse, as if its session had ended while the payer was at the bank's check. */
export async function lapseHolds(db: Database, bookingId: number): Promise<void> {
  await db
    .update(allocations)
    .set({ expiresAt: sql`now() - interval '1 hour'` })
    .where(and(eq(allocations.bookingId, bookingId), eq(allocations.state, 'held')));
}

export interface Stragglers {
  /** Buyers who confirm as the others start racing for the places they no longer hold. */
  slow?: number;
  /** Buyers who confirm only once all the others are done: by then their places are sold to others. */
  late?: number;
}

/**
 * `count` buyers at once. The first `slow + late` of them go ahead alone,
 * hold places, pay, and pause past the end of their holds (lapseHolds); then
 * the others start. The slow ones confirm at once, racing the others for the
 * units they no longer hold: each either takes them back, if nobody has, or
 * is refused with its payment recorded (the product's "places gone"). The
 * late ones confirm after everybody else, when what they held is sold.
 */
export async function race(replicas: ReplicaSet, count: number, plan: (index: number) => BuyerPlan, { slow = 0, late = 0 }: Stragglers = {}): Promise<BuyerResult[]> {
  const db = replicas.replicas[0]!.app.db;
  const gate = () => {
    let open!: () => void;
    const opened = new Promise<void>((resolve) => (open = resolve));
    return { opened, open };
  };
  const start = gate();
  const end = gate();
  const ahead = Array.from({ length: Math.min(slow + late, count) }, (_, index) => {
    const paused = gate();
    const given = plan(index);
    const done = runBuyer(replicas, index, {
      ...given,
      beforeConfirm: async (booking) => {
        await given.beforeConfirm?.(booking);
        await lapseHolds(db, booking.id);
        paused.open();
        await (index < slow ? start : end).opened;
      },
    });
    // A buyer refused before paying never pauses: it is simply done.
    return { done, ready: Promise.race([paused.opened, done]), late: index >= slow };
  });
  await Promise.all(ahead.map((buyer) => buyer.ready));
  const others = Array.from({ length: count - ahead.length }, (_, offset) => runBuyer(replicas, ahead.length + offset, plan(ahead.length + offset)));
  start.open();
  const first = await Promise.all([...ahead.filter((buyer) => !buyer.late).map((buyer) => buyer.done), ...others]);
  end.open();
  return [...first, ...(await Promise.all(ahead.filter((buyer) => buyer.late).map((buyer) => buyer.done)))].sort((a, b) => a.index - b.index);
}

/** Per phase, how many buyers stopped there and with which status ('confirm 200' are the ones who got through). */
export function tally(results: readonly BuyerResult[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const result of results) {
    const key = `${result.phase} ${result.status}${result.code ? ` ${result.code}` : ''}${result.outcome ? ` ${result.outcome}` : ''}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return Object.fromEntries(Object.entries(counts).sort(([a], [b]) => a.localeCompare(b)));
}

/**
 * Units of a departure counted straight from the allocation rows, in SQL,
 * not by the code under test: places (option null) and each option's units,
 * sold, live held and dangling (held but lapsed).
 */
export interface Recount {
  optionId: number | null;
  stock: number;
  sold: number;
  liveHeld: number;
  lapsedHeld: number;
}

export async function recount(db: Database, departureId: number): Promise<Recount[]> {
  const rows = await queryRows<{ option_id: number | null; stock: number; sold: number; live_held: number; lapsed_held: number }>(
    db,
    sql`with stock as (
          select null::integer as option_id, capacity as stock from departures where id = ${departureId}
          union all
          select id, inventory from departure_options where departure_id = ${departureId}
        )
        select s.option_id, s.stock,
               coalesce(sum(a.quantity) filter (where a.state = 'sold'), 0)::integer as sold,
               coalesce(sum(a.quantity) filter (where a.state = 'held' and a.expires_at > now()), 0)::integer as live_held,
               coalesce(sum(a.quantity) filter (where a.state = 'held' and a.expires_at <= now()), 0)::integer as lapsed_held
        from stock s
        left join allocations a on a.departure_id = ${departureId} and a.option_id is not distinct from s.option_id
        group by s.option_id, s.stock
        order by s.option_id nulls first`,
  );
  return rows.map((row) => ({
    optionId: row.option_id === null ? null : Number(row.option_id),
    stock: Number(row.stock),
    sold: Number(row.sold),
    liveHeld: Number(row.live_held),
    lapsedHeld: Number(row.lapsed_held),
  }));
}
