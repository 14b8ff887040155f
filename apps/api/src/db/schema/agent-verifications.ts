import { foreignKey, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { agentStaff, agents } from './agents.ts';
import { createdAt, id } from './columns.ts';

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
