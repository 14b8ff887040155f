import { assertStaffPasskey, registerStaffPasskey } from '@tours/domain/contracts/staff/session';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { isApiRequestError } from '../../../lib/api-error.ts';
import { SignInLayout } from '../../app/sign-in-layout.tsx';
import { takeReturnTo } from '../../lib/return-to.ts';
import { staffCall } from '../../lib/staff-api.ts';
import { createPasskey, PasskeyPromptFailed, passkeyName, provePasskey } from './passkeys.ts';
import { finishSignIn, startWithProviderToken, usePendingSignIn } from './pending-sign-in.ts';
import { pendingProviderToken, usePendingStep } from './use-pending-step.ts';

const messageOf = (error: unknown) =>
  error instanceof PasskeyPromptFailed || isApiRequestError(error) ? error.message : 'Something went wrong. Please try again.';

/** After a failed answer the challenge is used up: a new one is asked for, so the button works again. */
async function freshStep(): Promise<void> {
  const token = await pendingProviderToken();
  if (token) await startWithProviderToken(token);
}

/** /admin/sign-in/passkey/new: the first sign-in (or the first after a reset) creates the member's passkey. */
export function RegisterPasskeyPage() {
  const step = usePendingStep('register-passkey');
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!step) return <SignInLayout title="Set up your passkey"><Spinner label="Preparing your sign-in" /></SignInLayout>;

  const create = async () => {
    setBusy(true);
    setError(null);
    try {
      const credential = await createPasskey(step.options);
      const providerToken = (await pendingProviderToken()) ?? '';
      const { data } = (await staffCall(registerStaffPasskey, { body: { challenge_id: step.challenge_id, credential, name: passkeyName() }, providerToken })).body;
      const { recovery_codes: recoveryCodes, ...session } = data;
      usePendingSignIn.getState().set({ recoveryCodes });
      finishSignIn(session);
      navigate('/sign-in/recovery-codes', { replace: true });
    } catch (caught) {
      setError(messageOf(caught));
      if (isApiRequestError(caught)) await freshStep().catch(() => undefined);
      setBusy(false);
    }
  };

  return (
    <SignInLayout title="Set up your passkey">
      <p>
        The staff console asks for a passkey as well as the code we e-mail you: a second step that only your device can take. Your browser will ask you to create one
        with your fingerprint, face, screen lock or security key.
      </p>
      {error ? (
        <Notice tone="danger" role="alert">
          <p>{error}</p>
        </Notice>
      ) : null}
      <Button onClick={create} busy={busy}>
        Create a passkey
      </Button>
    </SignInLayout>
  );
}

/** /admin/sign-in/passkey: later sign-ins prove the passkey, or take a recovery code instead. */
export function AssertPasskeyPage() {
  const step = usePendingStep('assert-passkey');
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!step) return <SignInLayout title="Use your passkey"><Spinner label="Preparing your sign-in" /></SignInLayout>;

  const prove = async () => {
    setBusy(true);
    setError(null);
    try {
      const credential = await provePasskey(step.options);
      const providerToken = (await pendingProviderToken()) ?? '';
      const { data } = (await staffCall(assertStaffPasskey, { body: { challenge_id: step.challenge_id, credential }, providerToken })).body;
      finishSignIn(data);
      navigate(takeReturnTo(), { replace: true });
    } catch (caught) {
      setError(messageOf(caught));
      if (isApiRequestError(caught)) await freshStep().catch(() => undefined);
      setBusy(false);
    }
  };

  return (
    <SignInLayout title="Use your passkey">
      <p>Confirm it is you with the passkey you set up for the staff console.</p>
      {error ? (
        <Notice tone="danger" role="alert">
          <p>{error}</p>
        </Notice>
      ) : null}
      <div className="console-actions">
        <Button onClick={prove} busy={busy}>
          Use your passkey
        </Button>
        <Link to="/sign-in/recovery">Use a recovery code instead</Link>
      </div>
    </SignInLayout>
  );
}
