import { eq, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { auditLog, seedRuns } from '../schema/index.ts';
import { DEMO_BOOKINGS, DEMO_CUSTOMER } from './data/customers.ts';
import { TOURS } from './data/tours.ts';
import { TOUR_CONTENT } from './data/tour-content.ts';
import { seedCatalogue } from './insert-catalogue.ts';
import { seedTourContent } from './insert-tour-content.ts';
import { seedCustomerWithBookings } from './insert-bookings.ts';
import { WORK_QUEUE_BOOKINGS, WORK_QUEUE_CUSTOMER } from './data/work-queue.ts';
import { AGENTS } from './data/agents.ts';
import { PROMOTIONS } from './data/marketing.ts';
import { seedAgencies, seedMarketingSources, seedPromotions } from './insert-reference.ts';

/** Bump when the demo data changes; an existing database keeps what it was seeded with. */
export const DEMO_SEED = { name: 'demo', version: 2 } as const;
/** Replicas starting together take turns; the first one seeds, the others find it done. */
const SEED_LOCK_KEY = 7_240_002;

export interface SeedResult {
  applied: boolean;
  /** The day the data's relative dates were computed from. */
  seededOn: string;
  version: number;
}

/**
 * Loads the demo data set once, in one transaction: a second run finds the
 * seed_runs row and changes nothing. `today` ('YYYY-MM-DD') anchors every date.
 */
export async function seedDemoData(db: Database, today: string): Promise<SeedResult> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const [existing] = await tx.select().from(seedRuns).where(eq(seedRuns.name, DEMO_SEED.name));
    // Tour pages came after the first demo databases: those get their content once, then never again.
    if (existing) {
      await seedTourContent(tx, TOUR_CONTENT);
      return { applied: false, seededOn: existing.seededOn, version: existing.version };
    }

    await seedMarketingSources(tx);
    // Through the console's services: the demo's codes, agencies, tours, departures and options are what staff could enter.
    await seedPromotions(tx, PROMOTIONS, today);
    await seedAgencies(tx, AGENTS);
    const catalogue = await seedCatalogue(tx, TOURS, TOUR_CONTENT, today);
    await seedCustomerWithBookings(tx, DEMO_CUSTOMER, DEMO_BOOKINGS, catalogue, today);
    await seedCustomerWithBookings(tx, WORK_QUEUE_CUSTOMER, WORK_QUEUE_BOOKINGS, catalogue, today);
    await tx.insert(seedRuns).values({ name: DEMO_SEED.name, version: DEMO_SEED.version, seededOn: today });
    await tx.insert(auditLog).values({
      actor: 'system',
      action: 'seed.applied',
      entityType: 'seed',
      entityId: DEMO_SEED.name,
      detail: { version: DEMO_SEED.version, seededOn: today },
    });
    return { applied: true, seededOn: today, version: DEMO_SEED.version };
  });
}
