import { ALERT_TITLE, type AlertType } from '@tours/domain/messages';
import { useRef } from 'react';
import { CloseIcon, DangerIcon, SuccessIcon, WarningIcon } from '../../components/ui/icons.tsx';
import { alertMessage, useAlertStore, type Alert } from '../../lib/alerts.ts';
import { useToastEdge } from './toast-placement.ts';

const LOOK: Record<AlertType, { Icon: typeof DangerIcon; label: string }> = {
  danger: { Icon: DangerIcon, label: 'Error' },
  warning: { Icon: WarningIcon, label: 'Warning' },
  success: { Icon: SuccessIcon, label: 'Success' },
};

/**
 * The toast stack, bottom-right (spec section 2, Alerts), moved to the top
 * edge while it would cover the field being edited. Problems interrupt a
 * screen reader (role=alert); good news waits its turn (role=status). Each
 * toast has a labelled dismiss button, and Escape inside it dismisses it.
 */
export function AlertStack() {
  const alerts = useAlertStore((state) => state.alerts);
  const stackRef = useRef<HTMLDivElement>(null);
  const edge = useToastEdge(stackRef, alerts.length);
  return (
    <div ref={stackRef} className={`toast-stack toast-stack--${edge}`} data-edge={edge}>
      {alerts.map((alert) => (
        <Toast key={alert.id} alert={alert} />
      ))}
    </div>
  );
}

function Toast({ alert }: { alert: Alert }) {
  const { dismiss, pause, resume } = useAlertStore.getState();
  const { Icon, label } = LOOK[alert.type];
  return (
    <div
      className={`toast toast--${alert.type}`}
      role={alert.type === 'success' ? 'status' : 'alert'}
      onMouseEnter={() => pause(alert.id)}
      onMouseLeave={() => resume(alert.id)}
      onFocus={() => pause(alert.id)}
      onBlur={() => resume(alert.id)}
      onKeyDown={(event) => {
        if (event.key === 'Escape') dismiss(alert.id);
      }}
    >
      <Icon className="toast__icon" aria-hidden={false} role="img" aria-label={label} />
      <div className="toast__body">
        <p className="toast__title">{ALERT_TITLE}</p>
        <p className="toast__message">{alertMessage(alert)}</p>
      </div>
      <button type="button" className="icon-button toast__dismiss" aria-label="Dismiss alert" onClick={() => dismiss(alert.id)}>
        <CloseIcon />
      </button>
    </div>
  );
}
