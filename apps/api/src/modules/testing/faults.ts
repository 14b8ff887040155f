import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/http-error.ts';
import { sharedPlugin } from '../../lib/plugin.ts';
import { eq } from 'drizzle-orm';
import { bookings } from '../../db/schema/index.ts';
import { accountCustomerTestingRoute } from './account-customer.ts';

/**
 * Faults a test can arm for one booking, so paths that need a failure at a
 * precise moment (a booking that cannot be confirmed after its payment was
 * taken) can be exercised end to end. Armed only through POST
 * /api/testing/faults, which exists only with TEST_FAULTS=true; the settings
 * refuse that in production.
 */
export const FAULTS = ['confirm-after-payment', 'settle-transient'] as const;
export type Fault = (typeof FAULTS)[number];

/** Thrown where an armed fault fires; 'settle-transient' looks like PostgreSQL's serialization failure. */
export class InjectedFault extends Error {
  override name = 'InjectedFault';
  readonly code: string | undefined;
  constructor(readonly fault: Fault) {
    super(`Injected test fault '${fault}'`);
    this.code = fault === 'settle-transient' ? '40001' : undefined;
  }
}

export class FaultSwitch {
  private readonly armed = new Map<string, number>();
  constructor(readonly enabled: boolean) {}

  /** Arms the fault to fire the next `times` times it is reached for the booking. */
  arm(bookingId: number, fault: Fault, times = 1): void {
    if (!this.enabled) throw new Error('Test faults are disabled');
    this.armed.set(`${bookingId}:${fault}`, times);
  }

  fire(bookingId: number, fault: Fault): void {
    const key = `${bookingId}:${fault}`;
    const left = this.armed.get(key) ?? 0;
    if (!this.enabled || left <= 0) return;
    this.armed.set(key, left - 1);
    throw new InjectedFault(fault);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    faults: FaultSwitch;
  }
}

/** One switch per process: faults are armed and fired on the server the test talks to. */
export const faultsPlugin = sharedPlugin('faults', async (app) => {
  app.decorate('faults', new FaultSwitch(app.config.testFaults));
});

/**
 * The test-only routes, mounted only with TEST_FAULTS=true and kept out of
 * the OpenAPI document: POST /api/testing/faults { booking_id, fault }, and
 * POST /api/testing/account-customer (account-customer.ts).
 */
export async function testingRoutes(app: FastifyInstance) {
  if (!app.config.testFaults) return;
  app.log.warn('TEST_FAULTS is on: POST /api/testing/faults can make bookings fail on purpose, POST /api/testing/account-customer seeds customers');
  await accountCustomerTestingRoute(app);
  app.withTypeProvider<ZodTypeProvider>().post(
    '/testing/faults',
    {
      schema: {
        hide: true,
        body: z.object({ booking_id: z.number().int().positive(), fault: z.enum(FAULTS), times: z.number().int().min(1).max(20).default(1) }),
        response: { 200: z.object({ data: z.object({ booking_id: z.number(), fault: z.enum(FAULTS), armed: z.literal(true) }) }) },
      },
    },
    async (request) => {
      const { booking_id, fault, times } = request.body;
      const [booking] = await app.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, booking_id));
      if (!booking) throw notFound(`No booking ${booking_id}.`);
      app.faults.arm(booking_id, fault, times);
      return { data: { booking_id, fault, armed: true as const } };
    },
  );
}
