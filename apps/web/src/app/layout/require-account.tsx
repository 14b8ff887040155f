import { Navigate, Outlet, useLocation } from 'react-router';
import { useAccountSession } from '../../lib/auth/account-session.ts';

/**
 * The account area needs a signed-in customer: with no customer and no token
 * /account and its bookings send the visitor to Home to sign in (spec section
 * 6), remembering the page asked for so sign-in returns there.
 */
export function RequireAccount() {
  const { pathname, search } = useLocation();
  const allowed = useAccountSession((state) => state.customer !== null || state.accessToken !== null);
  if (allowed) return <Outlet />;
  return <RedirectToSignIn to={`${pathname}${search}`} />;
}

function RedirectToSignIn({ to }: { to: string }) {
  // Remembered during render on purpose: <Navigate> leaves at once, and the location must be saved first.
  useAccountSession.getState().rememberLocation(to);
  return <Navigate to="/" replace />;
}
