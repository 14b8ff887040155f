import { sql } from 'drizzle-orm';
import { boolean, check, foreignKey, index, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '../../db/columns.ts';

/** A travel agency; `code` is the Agent ID typed into the agent modal (for example AG1001). */
export const agents = pgTable(
  'agents',
  {
    id: id(),
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    active: boolean('active').notNull().default(true),
    /** Goes up with every change in the console; the agency's ETag is made from it. */
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('agents_code_upper', sql`${t.code} = upper(${t.code})`), check('agents_version_positive', sql`${t.version} > 0`)],
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
    /** Goes up with every change in the console; the staff member's ETag is made from it. */
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('agent_staff_version_positive', sql`${t.version} > 0`),
    unique('agent_staff_agent_email_unique').on(t.agentId, t.email),
    // Lets a booking reference (staff, agent) together, so staff always belong to the booking's agent.
    unique('agent_staff_id_agent_unique').on(t.id, t.agentId),
    check('agent_staff_email_normalised', sql`${t.email} = lower(btrim(${t.email}))`),
  ],
);

/**
 * Proofs that someone typed an agent's ID and one of its staff's e-mail
 * addresses (POST /bookings/agents/verify). Kept in the database, not in a
 * process, so any API replica accepts a token another one issued; only the
 * token's SHA-256 is stored (docs/decisions/0013-agent-verification.md).
 */
export const agentVerifications = pgTable(
  'agent_verifications',
  {
    id: id(),
    tokenHash: text('token_hash').notNull().unique(),
    agentId: integer('agent_id').notNull(),
    agentStaffId: integer('agent_staff_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // The staff member must be the agent's own: the same composite key bookings use.
    foreignKey({
      name: 'agent_verifications_staff_fk',
      columns: [t.agentStaffId, t.agentId],
      foreignColumns: [agentStaff.id, agentStaff.agentId],
    }).onDelete('cascade'),
    foreignKey({ name: 'agent_verifications_agent_fk', columns: [t.agentId], foreignColumns: [agents.id] }).onDelete('cascade'),
    index('agent_verifications_expires_at_idx').on(t.expiresAt),
  ],
);
