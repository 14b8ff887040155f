import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/http-error.ts';
import { reconcilePayments } from '../confirmation/index.ts';
import { sweepExpiredHolds } from '../inventory/index.ts';
import { relayOutbox } from '../mail/index.ts';

export const TESTING_JOBS = ['reconcile', 'notifications', 'outbox', 'holds'] as const;

/**
 * POST /api/testing/jobs/:job (TEST_FAULTS only): runs one background job
 * once, now, on this replica, as its schedule would, and answers its result.
 * Tests that run the API as separate processes (a replica killed mid-request)
 * use it to say which replica reconciles, delivers the provider's
 * notifications, relays the outbox or sweeps holds, and when.
 */
export async function testingJobRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/testing/jobs/:job',
    { schema: { hide: true, params: z.object({ job: z.enum(TESTING_JOBS) }) } },
    async (request) => {
      switch (request.params.job) {
        case 'reconcile':
          return { data: await reconcilePayments(app) };
        case 'notifications':
          if (!app.hasDecorator('payProviderNotifications')) throw notFound('The sandbox card provider is not mounted.');
          return { data: await app.payProviderNotifications.deliverDue() };
        case 'outbox':
          return { data: await relayOutbox(app.db, app.adapters.mail, app.clock.databaseNow(), () => ({ now: app.clock.now(), balanceDueDays: app.config.balances.dueDays })) };
        case 'holds':
          return { data: await sweepExpiredHolds(app.db, app.clock.databaseNow()) };
      }
    },
  );
}
