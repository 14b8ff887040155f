import { zodResolver } from '@hookform/resolvers/zod';
import { ALERTS } from '@tours/domain/messages';
import { useForm, type Resolver } from 'react-hook-form';
import { Button } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/field.tsx';
import { isApiRequestError } from '../../lib/api-error.ts';
import {
  agentVerifyFormSchema,
  failedField,
  useVerifyAgent,
  type AgentVerifyFormValues,
  type AgentVerifyInput,
} from './verify-agent.ts';

export const VERIFY_AGENT_INTRO = 'Verify your travel agent profile and continue to make a booking.';

/** A refused field says the same as its toast, which may have gone by the time someone looks. */
const FIELD_REFUSALS: Record<keyof AgentVerifyFormValues, string> = {
  agent_id: ALERTS.agentNotFound.message,
  email: ALERTS.staffNotFound.message,
};

const resolver = zodResolver(agentVerifyFormSchema) as unknown as Resolver<AgentVerifyFormValues, unknown, AgentVerifyInput>;

/** The contract's limits, so nobody can type past what the server takes (and meet a message the spec does not have). */
const AGENT_ID_MAX = 20;
const EMAIL_MAX = 254;

/**
 * Agent ID and Staff email with Verify (spec sections 2 and 5). A plain form,
 * so Enter in either field submits it. A refused ID or e-mail gets its toast
 * (verify-agent.ts) and is marked at its field, with the cursor put back there.
 */
export function VerifyAgentForm({ onVerified }: { onVerified: () => void }) {
  const verify = useVerifyAgent();
  const form = useForm<AgentVerifyFormValues, unknown, AgentVerifyInput>({
    resolver,
    defaultValues: { agent_id: '', email: '' },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      await verify.mutateAsync(values);
      onVerified();
    } catch (error) {
      // The toast has said why; marking the field says where.
      const field = isApiRequestError(error) ? failedField(error) : null;
      if (field) form.setError(field, { message: FIELD_REFUSALS[field] }, { shouldFocus: true });
    }
  });

  const busy = verify.isPending;
  return (
    <form className="agent-form" noValidate onSubmit={(event) => void submit(event)} aria-busy={busy || undefined}>
      <p>{VERIFY_AGENT_INTRO}</p>
      <TextField
        label="Agent ID"
        required
        autoComplete="off"
        spellCheck={false}
        autoCapitalize="characters"
        maxLength={AGENT_ID_MAX}
        error={errors.agent_id?.message}
        {...form.register('agent_id')}
      />
      <TextField
        label="Staff email"
        type="email"
        required
        autoComplete="email"
        spellCheck={false}
        maxLength={EMAIL_MAX}
        error={errors.email?.message}
        {...form.register('email')}
      />
      <div className="agent-form__actions">
        <Button type="submit" busy={busy}>
          {busy ? 'Verifying…' : 'Verify'}
        </Button>
      </div>
      <p className="visually-hidden" role="status">
        {busy ? 'Verifying your agent details, please wait.' : ''}
      </p>
    </form>
  );
}
