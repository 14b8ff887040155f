import { randomUUID } from 'node:crypto';
import { BOOKING_STATUSES } from '@tours/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { seedRuns } from '../../db/seed/schema.ts';
import { DEMO_BOOKINGS, DEMO_CUSTOMER } from '../../db/seed/data/customers.ts';
import type { BookingSeed } from '../../db/seed/data/types.ts';
import { DEMO_SEED } from '../../db/seed/index.ts';
import { seedCustomerWithBookings, type SeededBooking } from '../../db/seed/insert-bookings.ts';
import { loadSeededCatalogue } from '../../db/seed/load-catalogue.ts';
import { conflict } from '../../lib/http-error.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { randomBookingReference } from '../bookings/index.ts';
import { normaliseEmail } from '../customers/index.ts';

const ATTEMPTS = 5;

export const seededAccountCustomerSchema = z.object({
  email: z.string(),
  bookings: z.array(
    z.object({
      id: z.number().int(),
      reference: z.string(),
      status: z.enum(BOOKING_STATUSES),
      /** The demo booking this one copies ('MER-480153'), so a test can pick the kind of booking it needs. */
      demo_reference: z.string(),
    }),
  ),
});
export type SeededAccountCustomer = z.infer<typeof seededAccountCustomerSchema>;

/**
 * A copy of the demo customer and their bookings (DEMO_CUSTOMER,
 * DEMO_BOOKINGS) under a new e-mail and new references, seeded the demo's
 * own way, for a browser test that pays, or saves passenger details, without
 * changing what the other tests of its worker read on demo@example.com. The
 * copies take no places, so they never sell out a departure other tests book.
 */
export async function seedAccountCustomer(db: Database, email: string = `account.${randomUUID().slice(0, 12)}@example.com`): Promise<SeededAccountCustomer> {
  const [run] = await db.select({ seededOn: seedRuns.seededOn }).from(seedRuns).where(eq(seedRuns.name, DEMO_SEED.name));
  if (!run) throw conflict('The demo data is not seeded here (SEED=demo): there is no demo customer to copy.');
  const address = normaliseEmail(email);
  const catalogue = await loadSeededCatalogue(db, run.seededOn, [...new Set(DEMO_BOOKINGS.map((seed) => seed.tourCode))]);

  for (let attempt = 1; ; attempt++) {
    const copies: BookingSeed[] = DEMO_BOOKINGS.map((seed) => ({
      ...seed,
      reference: randomBookingReference(),
      customerEmail: address,
      passengers: seed.passengers.map((p) => (p.email === DEMO_CUSTOMER.email ? { ...p, email: address } : p)),
    }));
    try {
      const seeded: SeededBooking[] = await db.transaction((tx) =>
        seedCustomerWithBookings(tx, { ...DEMO_CUSTOMER, email: address }, copies, catalogue, run.seededOn, { takesPlaces: false }),
      );
      return {
        email: address,
        bookings: seeded.map((booking, index) => ({ ...booking, demo_reference: DEMO_BOOKINGS[index]!.reference })),
      };
    } catch (error) {
      if (isUniqueViolation(error, 'customers_email_unique')) throw conflict(`A customer with the e-mail ${address} exists already.`);
      // A random reference someone already has: draw them all again.
      if (attempt < ATTEMPTS && isUniqueViolation(error)) continue;
      throw error;
    }
  }
}

/** POST /api/testing/account-customer { email? }: only with TEST_FAULTS=true (testingRoutes), kept out of the OpenAPI document. */
export async function accountCustomerTestingRoute(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/testing/account-customer',
    {
      schema: {
        hide: true,
        body: z.object({ email: z.email().max(254).optional() }).default({}),
        response: { 201: z.object({ data: seededAccountCustomerSchema }) },
      },
    },
    async (request, reply) => {
      const data = await seedAccountCustomer(app.db, request.body.email);
      return reply.code(201).send({ data });
    },
  );
}
