import { SCREEN_TEXT } from '@tours/domain/messages';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Spinner } from '../../components/ui/spinner.tsx';
import { completeSignIn } from '../../lib/auth/complete-sign-in.ts';
import { SIGN_IN_ERROR_STATE, type SignInOutcome } from '../../lib/auth/sign-in.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/**
 * One exchange per return URL: a code is single-use, and React's development
 * double effects (or a remount) must not spend it twice.
 */
const exchanges = new Map<string, Promise<SignInOutcome>>();
function exchangeOnce(url: string): Promise<SignInOutcome> {
  let exchange = exchanges.get(url);
  if (!exchange) {
    exchange = completeSignIn(url);
    exchanges.set(url, exchange);
  }
  return exchange;
}

/**
 * /auth/callback, where the provider sends the visitor back (spec section 4,
 * Sign-in). The overlay stays up while the token and the profile load; then
 * the saved location, or Home with the error box or the failure's toast.
 */
export function SignInCallbackPage() {
  useDocumentTitle('Signing you in');
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const returnUrl = `${window.location.origin}${pathname}${search}`;

  useEffect(() => {
    let active = true;
    void exchangeOnce(returnUrl).then((outcome) => {
      if (!active) return;
      if (outcome.kind === 'signed-in') void navigate(outcome.path, { replace: true });
      else if (outcome.kind === 'provider-error') void navigate('/', { replace: true, state: SIGN_IN_ERROR_STATE });
      else void navigate('/', { replace: true });
    });
    return () => {
      active = false;
    };
  }, [navigate, returnUrl]);

  return (
    <div className="page page--narrow">
      <h1 className="visually-hidden">Signing you in</h1>
      <Spinner label={SCREEN_TEXT.authenticating} />
    </div>
  );
}
