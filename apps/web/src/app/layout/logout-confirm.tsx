import { SCREEN_TEXT } from '@tours/domain/messages';
import { Button } from '../../components/ui/button.tsx';
import { Modal } from '../../components/ui/modal.tsx';

export const LOGOUT_CONFIRM_TITLE = 'Log out';

interface LogoutConfirmProps {
  open: boolean;
  leaving: boolean;
  onCancel: () => void;
  onLeave: () => void;
}

/** 'Log out' asked on the Book route, where logging out loses the booking in progress. */
export default function LogoutConfirm({ open, leaving, onCancel, onLeave }: LogoutConfirmProps) {
  return (
    <Modal
      open={open}
      onClose={onCancel}
      title={LOGOUT_CONFIRM_TITLE}
      actions={
        <>
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button onClick={onLeave} busy={leaving}>
            Log out
          </Button>
        </>
      }
    >
      <p>{SCREEN_TEXT.logoutDuringBooking}</p>
    </Modal>
  );
}
