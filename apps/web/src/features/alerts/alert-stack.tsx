import { ALERT_TITLE, type AlertType } from '@tours/domain';
import { CloseIcon, DangerIcon, SuccessIcon, WarningIcon } from '../../components/ui/icons.tsx';
import { alertMessage, useAlertStore, type Alert } from '../../lib/alerts.ts';

const LOOK: Record<AlertType, { Icon: typeof DangerIcon; label: string }> = {
  danger: { Icon: DangerIcon, label: 'Error' },
  warning: { Icon: WarningIcon, label: 'Warning' },
  success: { Icon: SuccessIcon, label: 'Success' },
};

/**
 * The toast stack, bottom-right (spec section 2, Alerts). Problems interrupt
 * a screen reader (role=alert); good news waits its turn (role=status).
 */
export function AlertStack() {
  const alerts = useAlertStore((state) => state.alerts);
  return (
    <div className="toast-stack">
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
