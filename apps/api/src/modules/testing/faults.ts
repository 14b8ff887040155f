import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/http-error.ts';
import { sharedPlugin } from '../../lib/plugin.ts';
import { accountCustomerTestingRoute } from './account-customer.ts';
import { FAULT_POINTS, PROVIDER_FAULTS } from '../../lib/fault-points.ts';
import { FAULT_EFFECTS, FaultSwitch } from './fault-switch.ts';
import { bookingCurrency } from '../bookings/index.ts';
import { testingJobRoutes } from './jobs.ts';

/** The switch behind this process's fault points (app.faults): faults are armed and fired on the server the test talks to. */
export const faultsPlugin = sharedPlugin('faults', async (app) => {
  const faults = new FaultSwitch(app.config.testFaults, app.dbEngine);
  app.decorate('faults', faults);
  // The test routes arm it; the money path only ever sees the port.
  app.decorate('faultSwitch', faults);
});

declare module 'fastify' {
  interface FastifyInstance {
    /** Only with TEST_FAULTS=true: the switch the test routes arm. */
    faultSwitch: FaultSwitch;
  }
}

const bookingFault = z.object({
  booking_id: z.number().int().positive(),
  fault: z.enum(FAULT_POINTS),
  effect: z.enum(FAULT_EFFECTS).optional(),
  times: z.number().int().min(1).max(20).default(1),
});
const providerFault = z.object({ fault: z.literal('provider'), effect: z.enum(PROVIDER_FAULTS), times: z.number().int().min(1).max(20).default(1) });

/**
 * The test-only routes, mounted only with TEST_FAULTS=true and kept out of
 * the OpenAPI document:
 * - POST /api/testing/faults { booking_id, fault, effect?, times? } arms a fault at a
 *   step of the booking's confirmation; { fault: 'provider', effect, times? } makes
 *   the next calls to the card provider fail;
 * - GET /api/testing/faults says where requests are paused; POST /api/testing/faults/release lets them go on;
 * - POST /api/testing/jobs/:job runs a background job once (jobs.ts);
 * - POST /api/testing/account-customer (account-customer.ts).
 */
export async function testingRoutes(app: FastifyInstance) {
  if (!app.config.testFaults) return;
  app.log.warn('TEST_FAULTS is on: POST /api/testing/faults can make bookings fail on purpose, POST /api/testing/account-customer seeds customers');
  await accountCustomerTestingRoute(app);
  await testingJobRoutes(app);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.post(
    '/testing/faults',
    {
      schema: {
        hide: true,
        body: z.union([providerFault, bookingFault]),
        response: {
          200: z.object({
            data: z.object({
              booking_id: z.number().nullable(),
              fault: z.union([z.enum(FAULT_POINTS), z.literal('provider')]),
              effect: z.union([z.enum(FAULT_EFFECTS), z.enum(PROVIDER_FAULTS)]),
              armed: z.literal(true),
            }),
          }),
        },
      },
    },
    async (request) => {
      const body = request.body;
      if (body.fault === 'provider') {
        app.faultSwitch.armProvider(body.effect, body.times);
        return { data: { booking_id: null, fault: body.fault, effect: body.effect, armed: true as const } };
      }
      if ((await bookingCurrency(app.db, body.booking_id)) === null) throw notFound(`No booking ${body.booking_id}.`);
      const effect = app.faultSwitch.arm(body.booking_id, body.fault, body.times, body.effect);
      return { data: { booking_id: body.booking_id, fault: body.fault, effect, armed: true as const } };
    },
  );
  routes.get('/testing/faults', { schema: { hide: true } }, async () => ({ data: { paused: app.faultSwitch.pausedAt() } }));
  routes.post('/testing/faults/release', { schema: { hide: true } }, async () => ({ data: { released: app.faultSwitch.releaseAll() } }));
}
