import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { isApiRequestError } from '../../../lib/api-error.ts';
import { SignInLayout } from '../../app/sign-in-layout.tsx';
import { completeProviderSignIn, forgetProviderUser } from '../../lib/console-oidc.ts';
import { takeReturnTo } from '../../lib/return-to.ts';
import { startWithProviderToken } from './pending-sign-in.ts';

export type CallbackOutcome = { to: string; state?: object };

/** The provider's answer, worked out once per URL: React runs effects twice in development, and a code is exchanged once. */
const outcomes = new Map<string, Promise<CallbackOutcome>>();

async function outcomeOf(url: string): Promise<CallbackOutcome> {
  if (new URL(url).searchParams.has('error')) return { to: '/sign-in', state: { error: 'The sign-in was cancelled or refused at the identity provider. Please try again.' } };
  let accessToken: string;
  try {
    accessToken = (await completeProviderSignIn(url)).access_token;
  } catch {
    return { to: '/sign-in', state: { error: 'The sign-in could not be completed. Please try again.' } };
  }
  try {
    const next = await startWithProviderToken(accessToken);
    return next.kind === 'signed-in' ? { to: takeReturnTo() } : { to: next.path };
  } catch (error) {
    forgetProviderUser();
    if (isApiRequestError(error) && error.code === 'FORBIDDEN') return { to: '/not-staff', state: { error: error.message } };
    return { to: '/sign-in', state: { error: isApiRequestError(error) ? error.message : 'The sign-in could not be completed. Please try again.' } };
  }
}

/** /admin/signed-in: back from the identity provider; the API is asked what comes next. */
export function CallbackPage() {
  const navigate = useNavigate();
  useEffect(() => {
    const url = window.location.href;
    let outcome = outcomes.get(url);
    if (!outcome) {
      outcome = outcomeOf(url);
      outcomes.set(url, outcome);
    }
    let current = true;
    void outcome.then(({ to, state }) => {
      if (current) navigate(to, { replace: true, state });
    });
    return () => {
      current = false;
    };
  }, [navigate]);
  return (
    <SignInLayout title="Signing you in">
      <Spinner label="Checking your sign-in" />
    </SignInLayout>
  );
}
