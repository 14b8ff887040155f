import { createHash, randomBytes } from 'node:crypto';
import { RATE_LIMIT_MESSAGES } from '@tours/domain';
import { and, eq, gt, lte } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { agentStaff, agents, agentVerifications } from './schema.ts';
import { forbidden } from '../../lib/http-error.ts';
import type { RateLimitRule } from '../rate-limits/index.ts';
import type { AppConfig } from '../../config/index.ts';
import type { AgentRow, StaffRow } from './repository.ts';

/**
 * Verification tokens: proof that someone typed an agent's ID and one of its
 * staff's e-mail addresses. 256 random bits; only the SHA-256 is stored, with
 * the agent, the staff member and the expiry, in the database, so any API
 * replica accepts a token another issued (docs/decisions/0013-agent-verification.md).
 */

export interface IssuedVerification {
  token: string;
  expiresAt: Date;
}

export interface VerifiedAgent {
  agent: AgentRow;
  staff: StaffRow;
}

const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');
/** 43 base64url characters; anything else cannot be one of ours and is refused before the database is asked. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const VERIFICATION_INVALID = 'Your travel agent verification has expired or is not valid. Please verify your agent details again.';

/** Issues a verification for the agent's staff member; verifications that have expired go at the same time. */
export async function issueVerification(db: Database, verified: VerifiedAgent, now: Date, ttlSeconds: number): Promise<IssuedVerification> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + ttlSeconds * 1000);
  await db.transaction(async (tx) => {
    await tx.delete(agentVerifications).where(lte(agentVerifications.expiresAt, now));
    await tx.insert(agentVerifications).values({ tokenHash: hashToken(token), agentId: verified.agent.id, agentStaffId: verified.staff.id, expiresAt });
  });
  return { token, expiresAt };
}

/**
 * The agent and staff member a verification token names, while it lasts and
 * while both are active; otherwise the one 403 whatever was wrong, so the
 * answer tells a guesser nothing.
 */
export async function requireVerification(db: Database, token: string, now: Date): Promise<VerifiedAgent> {
  if (!TOKEN_PATTERN.test(token)) throw forbidden(VERIFICATION_INVALID);
  const [row] = await db
    .select({
      agentId: agents.id,
      agentCode: agents.code,
      agentName: agents.name,
      staffId: agentStaff.id,
      staffName: agentStaff.name,
      staffEmail: agentStaff.email,
    })
    .from(agentVerifications)
    .innerJoin(agents, and(eq(agents.id, agentVerifications.agentId), eq(agents.active, true)))
    .innerJoin(agentStaff, and(eq(agentStaff.id, agentVerifications.agentStaffId), eq(agentStaff.active, true)))
    .where(and(eq(agentVerifications.tokenHash, hashToken(token)), gt(agentVerifications.expiresAt, now)));
  if (!row) throw forbidden(VERIFICATION_INVALID);
  return {
    agent: { id: row.agentId, code: row.agentCode, name: row.agentName },
    staff: { id: row.staffId, agentId: row.agentId, name: row.staffName, email: row.staffEmail },
  };
}

/** Who acted, for the audit log: the agent's ID and the staff member's id ('agent:AG1001:3'). */
export const agentActor = (agentCode: string, staffId: number) => `agent:${agentCode}:${staffId}`;

/**
 * The verification's two limits (AGENT_VERIFY_*): every attempt from one
 * client, so one machine cannot walk through IDs and addresses; and failed
 * attempts at one agent ID from anywhere, so many machines together cannot
 * guess one agency's staff addresses.
 */
export function verificationLimits(config: AppConfig['agents']): { perClient: RateLimitRule; perAgent: RateLimitRule } {
  return {
    perClient: { name: 'agent-verify-client', limit: config.verifyClientLimit, windowSeconds: config.verifyWindowSeconds },
    perAgent: { name: 'agent-verify-agent', limit: config.verifyAgentFailureLimit, windowSeconds: config.verifyWindowSeconds },
  };
}

/** The refusals' words live with every other rate-limit refusal (packages/domain rate-limit-messages.ts). */
export const TOO_MANY_FROM_CLIENT = RATE_LIMIT_MESSAGES.agentVerifyClient;
export const TOO_MANY_FOR_AGENT = RATE_LIMIT_MESSAGES.agentVerifyAgent;
