import { date, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Which data sets have been loaded, so start-up loads each one exactly once. */
export const seedRuns = pgTable('seed_runs', {
  name: text('name').primaryKey(),
  version: integer('version').notNull(),
  /** The day the seed's relative dates were computed from. */
  seededOn: date('seeded_on', { mode: 'string' }).notNull(),
  appliedAt: timestamp('applied_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
