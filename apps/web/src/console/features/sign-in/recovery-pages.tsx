import { addOwnPasskey, startOwnPasskey, useStaffRecoveryCode } from '@tours/domain/contracts/staff/session';
import { OPERATOR } from '@tours/domain/operator';
import { useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { CheckboxField, TextField } from '../../../components/ui/field.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { isApiRequestError } from '../../../lib/api-error.ts';
import { SignInLayout } from '../../app/sign-in-layout.tsx';
import { takeReturnTo } from '../../lib/return-to.ts';
import { staffCall } from '../../lib/staff-api.ts';
import { useStaffSession } from '../../lib/staff-session.ts';
import { createPasskey, PasskeyPromptFailed, passkeyName } from './passkeys.ts';
import { finishSignIn, usePendingSignIn } from './pending-sign-in.ts';
import { pendingProviderToken } from './use-pending-step.ts';

/** /admin/sign-in/recovery-codes: the ten codes of a new passkey, shown this once, to copy or download. */
export function RecoveryCodesPage() {
  const codes = usePendingSignIn((state) => state.recoveryCodes);
  const signedIn = useStaffSession((state) => state.session !== null);
  const navigate = useNavigate();
  const [saved, setSaved] = useState(false);
  const [copied, setCopied] = useState<string | null>(null);
  const [download] = useState(() => (codes ? URL.createObjectURL(new Blob([codesFile(codes)], { type: 'text/plain' })) : null));
  if (!codes || !signedIn) return <Navigate to="/" replace />;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      setCopied('The codes are copied. Paste them somewhere safe.');
    } catch {
      setCopied('This browser did not let us copy them: select the codes and copy them yourself, or download them.');
    }
  };
  const done = () => {
    usePendingSignIn.getState().reset();
    if (download) URL.revokeObjectURL(download);
    navigate(takeReturnTo(), { replace: true });
  };

  return (
    <SignInLayout title="Save your recovery codes">
      <p>
        If you lose your passkey, each of these codes signs you in once instead of it. <strong>They are shown only now</strong>: keep them somewhere safe, such as a
        password manager. An administrator can also reset your passkey.
      </p>
      <ol className="console-recovery-codes" aria-label="Your recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="console-actions">
        <Button variant="secondary" onClick={copy}>
          Copy the codes
        </Button>
        {download ? (
          <a className="button button--secondary" href={download} download="staff-console-recovery-codes.txt">
            Download the codes
          </a>
        ) : null}
      </div>
      {copied ? (
        <p role="status" className="console-hint">
          {copied}
        </p>
      ) : null}
      <CheckboxField label="I have saved my recovery codes" checked={saved} onChange={(event) => setSaved(event.target.checked)} />
      <Button onClick={done} disabled={!saved}>
        Continue to the console
      </Button>
    </SignInLayout>
  );
}

const codesFile = (codes: string[]) =>
  [`${OPERATOR.companyName} staff console: recovery codes`, 'Each code signs you in once instead of your passkey.', '', ...codes, ''].join('\n');

/** /admin/sign-in/recovery: a recovery code instead of the passkey (used up). */
export function RecoveryCodePage() {
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      const providerToken = await pendingProviderToken();
      if (!providerToken) return navigate('/sign-in', { replace: true, state: { error: 'Your sign-in has expired. Please sign in again.' } });
      const { data } = (await staffCall(useStaffRecoveryCode, { body: { code }, providerToken })).body;
      const { passkey_suggested: suggested, ...session } = data;
      finishSignIn(session);
      usePendingSignIn.getState().set({ usedRecoveryCode: true });
      navigate(suggested ? '/sign-in/new-passkey' : takeReturnTo(), { replace: true });
    } catch (caught) {
      setError(isApiRequestError(caught) ? (caught.fields.code ?? caught.message) : 'Something went wrong. Please try again.');
      setBusy(false);
    }
  };

  return (
    <SignInLayout title="Use a recovery code">
      <form onSubmit={submit} noValidate>
        <TextField
          label="Recovery code"
          hint="One of the codes you saved when you set up your passkey, like ABCD-EFGH-JKMN-PQRS"
          name="code"
          autoComplete="one-time-code"
          autoCapitalize="characters"
          spellCheck={false}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          error={error ?? undefined}
          required
        />
        <Button type="submit" busy={busy}>
          Sign in
        </Button>
      </form>
    </SignInLayout>
  );
}

/** /admin/sign-in/new-passkey: after a recovery code, the member may register a new passkey before going on. */
export function NewPasskeyOfferPage() {
  const signedIn = useStaffSession((state) => state.session !== null);
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [added, setAdded] = useState(false);
  if (!signedIn) return <Navigate to="/sign-in" replace />;

  const goOn = () => {
    usePendingSignIn.getState().reset();
    navigate(takeReturnTo(), { replace: true });
  };
  const register = async () => {
    setBusy(true);
    setError(null);
    try {
      const { data } = (await staffCall(startOwnPasskey, { body: {} })).body;
      const credential = await createPasskey(data.options);
      await staffCall(addOwnPasskey, { body: { challenge_id: data.challenge_id, credential, name: passkeyName() } });
      setAdded(true);
    } catch (caught) {
      setError(caught instanceof PasskeyPromptFailed || isApiRequestError(caught) ? caught.message : 'Something went wrong. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <SignInLayout title="Register a new passkey?">
      {added ? (
        <Notice tone="success" role="status" title="Your new passkey is registered">
          <p>Use it the next time you sign in.</p>
        </Notice>
      ) : (
        <p>You signed in with a recovery code. If you no longer have your passkey, register a new one on this device now, so your remaining codes stay for emergencies.</p>
      )}
      {error ? (
        <Notice tone="danger" role="alert">
          <p>{error}</p>
        </Notice>
      ) : null}
      <div className="console-actions">
        {added ? null : (
          <Button onClick={register} busy={busy}>
            Register a new passkey
          </Button>
        )}
        <Button variant={added ? 'primary' : 'secondary'} onClick={goOn}>
          {added ? 'Continue to the console' : 'Not now'}
        </Button>
      </div>
    </SignInLayout>
  );
}
