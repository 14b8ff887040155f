import { ALERTS, getAgent, listAgents, listAgentStaff, verifyAgentStaff } from '@tours/domain';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../lib/http-error.ts';
import { peekAttempts, rateLimited, takeAttempt } from '../rate-limits/index.ts';
import { registerEndpoint } from '../../lib/register-endpoint.ts';
import {
  findActiveAgent,
  findActiveStaffByEmail,
  listActiveAgents,
  listActiveStaff,
  normaliseAgentCode,
  presentAgent,
  presentStaff,
  presentStaffSummary,
} from './repository.ts';
import { issueVerification, TOO_MANY_FOR_AGENT, TOO_MANY_FROM_CLIENT, verificationLimits } from './verification.ts';

/**
 * 404 with the field the modal shows it under, in the toast's words. Never
 * anything the caller typed, so no answer repeats an e-mail address.
 */
const agentNotFound = () => new HttpError(404, 'NOT_FOUND', ALERTS.agentNotFound.message, { agent_id: ALERTS.agentNotFound.message });
const staffNotFound = () => new HttpError(404, 'NOT_FOUND', ALERTS.staffNotFound.message, { email: ALERTS.staffNotFound.message });

/**
 * The agent directory (spec section 7) and the modal's Verify. Agents (ID,
 * Name) and their staff's names are the trade's public face; staff e-mail
 * addresses are personal data and are answered only by a verification,
 * to whoever typed the address.
 */
export async function agentDirectoryRoutes(app: FastifyInstance) {
  const limits = verificationLimits(app.config.agents);

  registerEndpoint(app, listAgents, async () => ({ data: { items: (await listActiveAgents(app.db)).map(presentAgent) } }));

  registerEndpoint(app, getAgent, async (request) => {
    const agent = await findActiveAgent(app.db, request.params.id);
    if (!agent) throw agentNotFound();
    return { data: presentAgent(agent) };
  });

  registerEndpoint(app, listAgentStaff, async (request) => {
    const agent = await findActiveAgent(app.db, request.params.id);
    if (!agent) throw agentNotFound();
    return { data: { items: (await listActiveStaff(app.db, agent.id)).map(presentStaffSummary) } };
  });

  /**
   * The agent by ID, then the staff member by e-mail, as spec section 4 says,
   * on the server. Every attempt counts against the client (request.ip, which
   * honours TRUST_PROXY). Failures count against the typed agent ID, known or
   * not, from every client together: each is counted atomically before it is
   * answered, so racing guesses never pass the limit together, and once the
   * limit is reached the right e-mail is refused too, so a refusal never
   * tells which guess was right. Successes do not count there, so an agency's
   * staff verifying at the same moment never crowd each other out.
   */
  registerEndpoint(app, verifyAgentStaff, async (request, reply) => {
    const now = app.clock.now();
    const code = normaliseAgentCode(request.body.agent_id);
    const byClient = await takeAttempt(app.db, limits.perClient, request.ip, now);
    if (!byClient.allowed) throw rateLimited(reply, byClient, TOO_MANY_FROM_CLIENT);

    const agent = await findActiveAgent(app.db, code);
    const staff = agent ? await findActiveStaffByEmail(app.db, agent.id, request.body.email) : null;
    const failures = staff ? await peekAttempts(app.db, limits.perAgent, code, now) : await takeAttempt(app.db, limits.perAgent, code, now);
    if (!failures.allowed) throw rateLimited(reply, failures, TOO_MANY_FOR_AGENT);
    if (!agent) throw agentNotFound();
    if (!staff) throw staffNotFound();

    const verification = await issueVerification(app.db, { agent, staff }, now, app.config.agents.verificationTtlSeconds);
    request.log.info({ agent: agent.code, staffId: staff.id }, 'travel agent verified');
    return {
      data: {
        agent: presentAgent(agent),
        staff: presentStaff(staff),
        verification: { token: verification.token, expires_at: verification.expiresAt.toISOString() },
      },
    };
  });
}
