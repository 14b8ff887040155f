import { agentVerifyRequestSchema, verifyAgentStaff } from '@tours/domain/contracts/agents';
import { ALERTS, retryWaitText } from '@tours/domain/messages';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod/mini';
import { useAlerts } from '../../lib/alerts.ts';
import { callApi } from '../../lib/api-client.ts';
import type { ApiRequestError, ErrorReaction } from '../../lib/api-error.ts';
import { useAccountSession } from '../../lib/auth/account-session.ts';

/** The modal's form: the contract's own body schema, so the browser and the server check the same rules. */
export const agentVerifyFormSchema = agentVerifyRequestSchema;
export type AgentVerifyFormValues = z.input<typeof agentVerifyFormSchema>;
export type AgentVerifyInput = z.output<typeof agentVerifyFormSchema>;

/** The field a refused verification points at, so the modal can mark it and put the cursor back there. */
export type VerifyFailureField = keyof AgentVerifyFormValues;

export function failedField(error: ApiRequestError): VerifyFailureField | null {
  if (error.status !== 404) return null;
  if ('agent_id' in error.fields) return 'agent_id';
  if ('email' in error.fields) return 'email';
  return null;
}

/**
 * What the visitor is told when Verify fails (spec section 8): an unknown ID
 * or staff e-mail by name; too many attempts, when to try again; anything
 * else, the general failure toast.
 */
export function verifyErrorReaction(error: ApiRequestError): ErrorReaction | undefined {
  const field = failedField(error);
  if (field === 'agent_id') return ALERTS.agentNotFound;
  if (field === 'email') return ALERTS.staffNotFound;
  if (error.code === 'RATE_LIMITED') {
    const wait = retryWaitText(error.retryAfterSeconds);
    return (phone: string) => ALERTS.agentVerificationLimited(phone, wait);
  }
  return undefined;
}

/**
 * Verify (contract verifyAgentStaff): on success the agent, the staff member
 * and the verification token go into the account session, where the header
 * and the booking flow read them, and the success toast is shown.
 */
export function useVerifyAgent() {
  const { add } = useAlerts();
  return useMutation({
    mutationFn: (body: AgentVerifyInput) => callApi(verifyAgentStaff, { body, onError: verifyErrorReaction }),
    onSuccess: ({ data }) => {
      useAccountSession.getState().setAgent(data.agent, data.staff, data.verification);
      add(ALERTS.agentFound);
    },
  });
}
