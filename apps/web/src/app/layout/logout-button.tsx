import { SCREEN_TEXT } from '@tours/domain/messages';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { Modal } from '../../components/ui/modal.tsx';
import { logout } from '../../lib/auth/sign-in.ts';

export const LOGOUT_CONFIRM_TITLE = 'Log out';

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
      <button type="button" className="header-nav__button" onClick={() => (pathname === '/book' ? setAsking(true) : leave())} disabled={leaving}>
        Log out
      </button>
      <Modal
        open={asking}
        onClose={() => setAsking(false)}
        title={LOGOUT_CONFIRM_TITLE}
        actions={
          <>
            <Button variant="secondary" onClick={() => setAsking(false)}>
              Cancel
            </Button>
            <Button onClick={leave} busy={leaving}>
              Log out
            </Button>
          </>
        }
      >
        <p>{SCREEN_TEXT.logoutDuringBooking}</p>
      </Modal>
    </>
  );
}
