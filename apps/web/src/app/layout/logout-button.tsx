import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { logout } from '../../lib/auth/sign-in.ts';

// The question (and the modal it needs) is fetched when first asked: every page's header carries this
// button, and the first booking step has a JavaScript budget that a dialog nobody has opened should not spend.
const LogoutConfirm = lazy(() => import('./logout-confirm.tsx'));

/**
 * The header's 'Log out' (spec section 2, Header). On the Book route it
 * first asks, since logging out loses the booking in progress.
 */
export function LogoutButton() {
  const { pathname } = useLocation();
  const [asking, setAsking] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const navigate = useNavigate();
  const started = useRef(false);
  // Once asked, the confirmation stays mounted so the modal can close as it opened (and return focus).
  const [asked, setAsked] = useState(false);

  // The stores clear only once the booking page has gone: left mounted, it would write its booking and
  // participants straight back (and start its booking again from the URL). The location this header
  // sees changes in the same commit that unmounts the page.
  useEffect(() => {
    if (!leaving || pathname === '/book' || started.current) return;
    started.current = true;
    void logout();
  }, [leaving, pathname]);

  const leave = () => {
    setLeaving(true);
    if (pathname === '/book') void navigate('/');
  };

  return (
    <>
      <button type="button" className="header-nav__button" onClick={() => {
          if (pathname !== '/book') return leave();
          setAsked(true);
          setAsking(true);
        }} disabled={leaving}>
        Log out
      </button>
      {asked ? (
        <Suspense fallback={null}>
          <LogoutConfirm open={asking} leaving={leaving} onCancel={() => setAsking(false)} onLeave={leave} />
        </Suspense>
      ) : null}
    </>
  );
}
