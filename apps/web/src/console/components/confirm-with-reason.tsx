import { staffReasonSchema } from '@tours/domain/staff/reason';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { TextAreaField } from '../../components/ui/field.tsx';
import { Modal } from '../../components/ui/modal.tsx';

interface ConfirmWithReasonProps {
  open: boolean;
  title: string;
  /** What will happen, in words, so the member confirms knowingly. */
  children: ReactNode;
  confirmLabel: string;
  /** The button that closes without doing anything: 'Cancel', unless that would read as the action (cancelling a booking). */
  dismissLabel?: string | undefined;
  busy?: boolean;
  /** Not ready to be confirmed yet (the figures it confirms are still loading, say). */
  confirmDisabled?: boolean | undefined;
  /** The server's refusal, shown in the dialog. */
  error?: string | null;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}

/**
 * Every destructive staff action asks for a typed reason (kept in the audit
 * log; the domain's rule, checked here before sending and by the API again)
 * and a second, deliberate press.
 */
export function ConfirmWithReason({ open, title, children, confirmLabel, dismissLabel = 'Cancel', busy = false, confirmDisabled = false, error, onConfirm, onClose }: ConfirmWithReasonProps) {
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (confirmDisabled || busy) return;
    const parsed = staffReasonSchema.safeParse(reason);
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message);
    setProblem(undefined);
    onConfirm(parsed.data);
  };
  const close = () => {
    setReason('');
    setProblem(undefined);
    onClose();
  };
  return (
    <Modal open={open} onClose={close} title={title} locked={busy}>
      <form onSubmit={submit} noValidate className="console-form">
        {children}
        <TextAreaField label="Reason" hint="Kept in the audit log with your name" value={reason} onChange={(event) => setReason(event.target.value)} error={problem ?? error ?? undefined} required rows={3} />
        <div className="console-actions">
          <Button type="submit" busy={busy} disabled={confirmDisabled} className="button--danger">
            {confirmLabel}
          </Button>
          <Button variant="secondary" onClick={close} disabled={busy}>
            {dismissLabel}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
