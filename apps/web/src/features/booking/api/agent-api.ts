import { confirmAgentBooking, registerAgent, registerAgentStaff } from '@tours/domain/contracts/agents';
import type { PostPaymentDetails } from '@tours/domain/contracts/booking';
import type { Agent, AgentStaff } from '@tours/domain/contracts/session-records';
import { callApi } from '../../../lib/api-client.ts';
import type { ActiveBooking } from '../store/active-booking.ts';

/**
 * The agent calls of the booking flow (spec section 7, Bookings), with the
 * booking token as every other booking call. Each sends the proof the travel
 * agent modal's Verify answered, so a booking names an agent only for someone
 * who knew the agent's ID and a staff member's e-mail. Failures raise the
 * general toast (spec section 8), except where the caller says otherwise.
 */

export async function postAgent(booking: ActiveBooking, agentId: string, verification: string): Promise<Agent> {
  return (await callApi(registerAgent, { body: { id: agentId, verification }, token: booking.token })).data;
}

export async function postAgentStaff(booking: ActiveBooking, staffId: number, verification: string): Promise<AgentStaff> {
  return (await callApi(registerAgentStaff, { body: { id: staffId, verification }, token: booking.token })).data;
}

/**
 * POST /bookings/agent-confirm: the booking confirmed without payment.
 * SERVICE_FAILURE (the places went in the meantime) is the caller's to show
 * as no availability; every other failure raises the general toast.
 */
export async function postAgentConfirm(booking: ActiveBooking, signal?: AbortSignal): Promise<PostPaymentDetails> {
  return (
    await callApi(confirmAgentBooking, {
      body: { action: 'confirm', agent_terms_accepted: true },
      token: booking.token,
      signal,
      onError: { SERVICE_FAILURE: 'silent' },
    })
  ).data;
}
