import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Notice } from '../../../../components/ui/notice.tsx';
import { isApiRequestError } from '../../../../lib/api-error.ts';
import { ConfirmWithReason } from '../../../components/confirm-with-reason.tsx';
import { useAttemptKey } from '../../../lib/attempt-key.ts';
import { actionErrorMessage, refreshBooking } from './refresh.ts';

export interface ReasonDialogProps {
  bookingId: number;
  title: string;
  confirmLabel: string;
  /** The button that leaves without acting, when 'Cancel' would be ambiguous. */
  dismissLabel?: string;
  /** What will happen, in words (and figures), so the member confirms knowingly. */
  children: ReactNode;
  /** The call, with the reason typed and this attempt's Idempotency-Key; answers what to tell the member. */
  act: (reason: string, idempotencyKey: string) => Promise<string>;
  /** Not ready to confirm (a preview still loading, or refused). */
  confirmDisabled?: boolean;
  /**
   * The attempt's Idempotency-Key, when the attempt began before this step
   * (a form filled in first, then confirmed): going back to the form and
   * confirming again is still the same attempt.
   */
  attemptKey?: string;
  onClose: () => void;
  onDone: (message: string) => void;
}

/**
 * An action on a booking that asks for a reason and a second press
 * (ConfirmWithReason). The dialog is mounted when it opens, so each opening
 * is one attempt with one Idempotency-Key, sent again as it is if the member
 * presses again after a failure; the next opening is a new attempt.
 */
export function ReasonDialog({ bookingId, title, confirmLabel, dismissLabel, children, act, confirmDisabled, attemptKey, onClose, onDone }: ReasonDialogProps) {
  const own = useAttemptKey();
  const key = attemptKey ?? own.key;
  const client = useQueryClient();
  const [error, setError] = useState<{ reason?: string; other?: string } | null>(null);
  const action = useMutation({ mutationFn: (reason: string) => act(reason, key), onSettled: () => refreshBooking(client, bookingId) });
  const confirm = async (reason: string) => {
    setError(null);
    try {
      onDone(await action.mutateAsync(reason));
    } catch (caught) {
      // A refused reason is shown by its field; anything else above it, in the API's words.
      const reasonError = isApiRequestError(caught) ? caught.fields.reason : undefined;
      setError(reasonError ? { reason: reasonError } : { other: actionErrorMessage(caught) });
    }
  };
  return (
    <ConfirmWithReason
      open
      title={title}
      confirmLabel={confirmLabel}
      dismissLabel={dismissLabel}
      busy={action.isPending}
      confirmDisabled={confirmDisabled}
      error={error?.reason ?? null}
      onConfirm={(reason) => void confirm(reason)}
      onClose={onClose}
    >
      {children}
      {error?.other ? (
        <Notice tone="danger" role="alert" title="Not done">
          <p>{error.other}</p>
        </Notice>
      ) : null}
    </ConfirmWithReason>
  );
}
