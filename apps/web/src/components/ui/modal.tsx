import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Button } from './button.tsx';
import { CloseIcon } from './icons.tsx';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children?: ReactNode;
  /** Buttons along the bottom; the close button in the corner is always there. */
  actions?: ReactNode;
  /** Set while something runs that must not be abandoned (a payment), to refuse Escape and backdrop clicks. */
  locked?: boolean;
  /**
   * 'sheet': on a phone, a panel rising from the bottom over part of the
   * screen, the page still in sight above it (a message about the page, such
   * as the account's notifications); a centred dialog on wider screens.
   */
  variant?: 'dialog' | 'sheet';
}

/**
 * An accessible modal dialog: focus moves in and is kept in, Escape and a
 * backdrop click close it, and focus returns to whatever opened it.
 * Not the native <dialog>: jsdom lacks showModal, and tests must see what users see.
 */
export function Modal({ open, onClose, title, children, actions, locked = false, variant = 'dialog' }: ModalProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const overlayRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  const lockedRef = useRef(locked);
  useEffect(() => {
    onCloseRef.current = onClose;
    lockedRef.current = locked;
  });

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const dialog = dialogRef.current;
    const overlay = overlayRef.current;
    dialog?.focus();
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !lockedRef.current) {
        event.stopPropagation();
        onCloseRef.current();
      } else if (event.key === 'Tab' && dialog) {
        keepFocusInside(dialog, event);
      }
    };
    // Only a press that starts and ends on the backdrop closes, so selecting text inside never does.
    let pressedOnBackdrop = false;
    const onPointerDown = (event: PointerEvent | MouseEvent) => {
      pressedOnBackdrop = event.target === overlay;
    };
    const onBackdropClick = (event: MouseEvent) => {
      if (pressedOnBackdrop && event.target === overlay && !lockedRef.current) onCloseRef.current();
      pressedOnBackdrop = false;
    };
    document.addEventListener('keydown', onKeyDown);
    overlay?.addEventListener('mousedown', onPointerDown);
    overlay?.addEventListener('click', onBackdropClick);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      overlay?.removeEventListener('mousedown', onPointerDown);
      overlay?.removeEventListener('click', onBackdropClick);
      document.body.style.overflow = previousOverflow;
      if (opener?.isConnected) opener.focus();
    };
  }, [open]);

  if (!open) return null;
  return createPortal(
    <div className={`modal-overlay modal-overlay--${variant}`} ref={overlayRef}>
      <div className={`modal modal--${variant}`} role="dialog" aria-modal="true" aria-labelledby={titleId} ref={dialogRef} tabIndex={-1}>
        <div className="modal__header">
          <h2 className="modal__title" id={titleId}>
            {title}
          </h2>
          <button type="button" className="icon-button" aria-label="Close" onClick={onClose} disabled={locked}>
            <CloseIcon />
          </button>
        </div>
        <div className="modal__body">{children}</div>
        {actions ? <div className="modal__actions">{actions}</div> : null}
      </div>
    </div>,
    document.body,
  );
}

function keepFocusInside(dialog: HTMLElement, event: KeyboardEvent): void {
  const focusable = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) {
    event.preventDefault();
    dialog.focus();
    return;
  }
  const active = document.activeElement;
  if (event.shiftKey && (active === first || active === dialog)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}

interface MessageModalProps {
  open: boolean;
  title: ReactNode;
  message: ReactNode;
  onContinue: () => void;
  continueLabel?: string;
}

/** The spec's generic modal: a title, a message and a Continue button. */
export function MessageModal({ open, title, message, onContinue, continueLabel = 'Continue' }: MessageModalProps) {
  return (
    <Modal open={open} onClose={onContinue} title={title} actions={<Button onClick={onContinue}>{continueLabel}</Button>}>
      <p>{message}</p>
    </Modal>
  );
}
