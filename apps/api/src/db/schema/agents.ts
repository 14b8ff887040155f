import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';

/** A travel agency; `code` is the Agent ID typed into the agent modal (for example AG1001). */
export const agents = pgTable(
  'agents',
  {
    id: id(),
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [check('agents_code_upper', sql`${t.code} = upper(${t.code})`)],
);

export const agentStaff = pgTable(
  'agent_staff',
  {
    id: id(),
    agentId: integer('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    unique('agent_staff_agent_email_unique').on(t.agentId, t.email),
    // Lets a booking reference (staff, agent) together, so staff always belong to the booking's agent.
    unique('agent_staff_id_agent_unique').on(t.id, t.agentId),
    check('agent_staff_email_normalised', sql`${t.email} = lower(btrim(${t.email}))`),
  ],
);
