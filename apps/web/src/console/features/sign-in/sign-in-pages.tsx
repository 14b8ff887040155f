import { STAFF_MESSAGES } from '@tours/domain/staff/messages';
import { useState } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { SignInLayout } from '../../app/sign-in-layout.tsx';
import { redirectToProvider, signOutAtProvider } from '../../lib/console-oidc.ts';
import { useStaffSession } from '../../lib/staff-session.ts';

/** What the pages before sign-in are told by whoever sent the member there. */
export interface SignInState {
  /** The staff session ended on a page (idle, 12 hours, deactivated). */
  ended?: boolean;
  /** Why the last attempt failed. */
  error?: string;
}

const stateOf = (state: unknown): SignInState => (typeof state === 'object' && state !== null ? (state as SignInState) : {});

/** /admin/sign-in: off to the identity provider, with the reason the member is here. */
export function SignInPage() {
  const { ended, error } = stateOf(useLocation().state);
  const signedIn = useStaffSession((state) => state.session !== null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  if (signedIn) return <Navigate to="/" replace />;

  const signIn = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await redirectToProvider();
    } catch {
      setBusy(false);
      setFailure('The sign-in page could not be reached. Please check your connection and try again.');
    }
  };

  return (
    <SignInLayout title="Sign in to the staff console">
      {ended ? (
        <Notice tone="warning" role="status" title="Your session has ended">
          <p>For your security the console signs you out after 30 minutes without use, and after 12 hours. Sign in again to go back to the page you were on.</p>
        </Notice>
      ) : null}
      {error || failure ? (
        <Notice tone="danger" role="alert">
          <p>{error ?? failure}</p>
        </Notice>
      ) : null}
      <p>Sign in with your work e-mail address. We e-mail you a code, then ask for your passkey.</p>
      <Button onClick={signIn} busy={busy}>
        Sign in
      </Button>
    </SignInLayout>
  );
}

/** /admin/not-staff: the provider vouched for an address that is no active staff member's (or a sign-in without a second factor). */
export function NotStaffPage() {
  const { error } = stateOf(useLocation().state);
  const [busy, setBusy] = useState(false);
  const other = async () => {
    setBusy(true);
    // Ending the provider's session lets the next sign-in ask for an address again; it comes back to /admin.
    await signOutAtProvider().catch(() => window.location.assign('/admin/sign-in'));
  };
  return (
    <SignInLayout title="You cannot use the staff console">
      <Notice tone="danger" role="alert">
        <p>{error ?? STAFF_MESSAGES.notStaff}</p>
      </Notice>
      <p>The customer site is at <a href="/">the home page</a>.</p>
      <Button onClick={other} busy={busy} variant="secondary">
        Sign in with another address
      </Button>
    </SignInLayout>
  );
}

/** /admin/signed-out: where the provider's logout ends. */
export function SignedOutPage() {
  return (
    <SignInLayout title="You have signed out">
      <p>Your staff session has ended and you have signed out of the identity provider on this browser.</p>
      <Link className="button button--primary" to="/sign-in">
        Sign in again
      </Link>
    </SignInLayout>
  );
}
