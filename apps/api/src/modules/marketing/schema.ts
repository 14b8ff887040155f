import { boolean, integer, pgTable, text, unique } from 'drizzle-orm/pg-core';

/** 'How did you hear about us?' Ids are the reservations system's own (63 Online, 165 Other). */
export const marketingSources = pgTable('marketing_sources', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  position: integer('position').notNull().default(0),
  active: boolean('active').notNull().default(true),
});

export const marketingSubsources = pgTable(
  'marketing_subsources',
  {
    id: integer('id').primaryKey(),
    sourceId: integer('source_id')
      .notNull()
      .references(() => marketingSources.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    active: boolean('active').notNull().default(true),
  },
  (t) => [unique('marketing_subsources_id_source_unique').on(t.id, t.sourceId)],
);
