import { SCREEN_TEXT } from '@tours/domain';
import { useState } from 'react';
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

  const leave = async () => {
    setLeaving(true);
    // Off the booking page first: left mounted while the stores clear, it would start its booking again from the URL.
    if (pathname === '/book') {
      await navigate('/');
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    await logout();
  };

  return (
    <>
      <button type="button" className="header-nav__button" onClick={() => (pathname === '/book' ? setAsking(true) : void leave())} disabled={leaving}>
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
            <Button onClick={() => void leave()} busy={leaving}>
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
