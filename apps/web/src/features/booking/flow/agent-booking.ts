import type { Agent, AgentStaff, AgentVerification } from '@tours/domain/contracts/session-records';
import { useMemo } from 'react';
import { useAccountSession, type AccountSessionData } from '../../../lib/auth/account-session.ts';
import { usePaymentStore } from '../store/payment-store.ts';

/**
 * The travel agent's side of the booking flow (spec sections 4 and 6): an
 * agent session is an agent, a staff member and the proof of their
 * verification, kept in the account session by the travel agent modal. With
 * one, the booking is made on behalf of a client: at step 4 the agent and the
 * staff member are registered on it (agent-registration.ts, loaded with the
 * review step), and it is confirmed without payment.
 */

export interface AgentSession {
  agent: Agent;
  staff: AgentStaff;
  verification: AgentVerification;
}

/** The agent session in the account session, complete or not at all. */
export function agentSessionOf(state: Pick<AccountSessionData, 'agent' | 'agentStaff' | 'agentVerification'>): AgentSession | null {
  const { agent, agentStaff, agentVerification } = state;
  return agent && agentStaff && agentVerification ? { agent, staff: agentStaff, verification: agentVerification } : null;
}

/** Who is booking, for the side panel's welcome card: the agent and the staff member, whatever their proof. */
export type AgentIdentity = Pick<AgentSession, 'agent' | 'staff'>;

export function useAgentIdentity(): AgentIdentity | null {
  const agent = useAccountSession((state) => state.agent);
  const staff = useAccountSession((state) => state.agentStaff);
  return useMemo(() => (agent && staff ? { agent, staff } : null), [agent, staff]);
}

export function useAgentSession(): AgentSession | null {
  const agent = useAccountSession((state) => state.agent);
  const agentStaff = useAccountSession((state) => state.agentStaff);
  const agentVerification = useAccountSession((state) => state.agentVerification);
  return useMemo(() => agentSessionOf({ agent, agentStaff, agentVerification }), [agent, agentStaff, agentVerification]);
}

/**
 * Whether the booking being made is an agent's: an agent staff member is
 * set (the header's rule for hiding Sign in), or the booking was already
 * registered as an agent booking. Decides the step label, the side panel's
 * card and the review's confirmation without payment.
 */
export function useIsAgentBooking(): boolean {
  const staffSet = useAccountSession((state) => state.agentStaff !== null);
  const registered = usePaymentStore((state) => state.agentBooking);
  return staffSet || registered;
}
