import type { AlertText, AlertType } from '@tours/domain/messages';
import { create } from 'zustand';

/**
 * The 'System Alert' toasts (spec sections 2 and 8). The store lives in the
 * shared layer because every feature raises alerts and features may not
 * import each other; features/alerts renders them. Never persisted.
 */
export interface Alert {
  id: string;
  message: string;
  type: AlertType;
  /** Milliseconds before the toast removes itself. */
  timeout: number;
  /** Appended to the message, e.g. a payment id after 'Payment Successful'. */
  extra?: string;
}

export interface AddAlertOptions {
  /** A known id replaces that toast (and restarts its clock) instead of stacking another. */
  id?: string;
  extra?: string;
}

interface AlertsState {
  alerts: Alert[];
  add: (text: AlertText, options?: AddAlertOptions) => string;
  dismiss: (id: string) => void;
  /** Holds the clock while the toast is hovered or focused, so nobody loses a message mid-read. */
  pause: (id: string) => void;
  resume: (id: string) => void;
  clear: () => void;
}

interface Clock {
  handle: ReturnType<typeof setTimeout> | null;
  startedAt: number;
  remaining: number;
}

// Timer handles are not state: keeping them outside the store keeps renders pure.
const clocks = new Map<string, Clock>();
let sequence = 0;

function stopClock(id: string): void {
  const clock = clocks.get(id);
  if (clock?.handle) clearTimeout(clock.handle);
  clocks.delete(id);
}

export const alertMessage = (alert: Pick<Alert, 'message' | 'extra'>): string =>
  alert.extra ? `${alert.message} ${alert.extra}` : alert.message;

export const useAlertStore = create<AlertsState>()((set, get) => {
  const startClock = (id: string, remaining: number) => {
    stopClock(id);
    if (!Number.isFinite(remaining) || remaining <= 0) return;
    clocks.set(id, { handle: setTimeout(() => get().dismiss(id), remaining), startedAt: Date.now(), remaining });
  };

  return {
    alerts: [],
    add: (text, options = {}) => {
      const extra = options.extra?.trim() || undefined;
      // The same message raised twice (several calls failing together) shows once, with a fresh clock.
      const duplicate = get().alerts.find(
        (alert) => alert.message === text.message && alert.type === text.type && alert.extra === extra,
      );
      const id = options.id ?? duplicate?.id ?? `alert-${++sequence}`;
      const alert: Alert = { id, message: text.message, type: text.type, timeout: text.timeout, ...(extra ? { extra } : {}) };
      set((state) => {
        const others = state.alerts.filter((existing) => existing.id !== id && existing !== duplicate);
        if (duplicate && duplicate.id !== id) stopClock(duplicate.id);
        return { alerts: [...others, alert] };
      });
      startClock(id, text.timeout);
      return id;
    },
    dismiss: (id) => {
      stopClock(id);
      set((state) => ({ alerts: state.alerts.filter((alert) => alert.id !== id) }));
    },
    pause: (id) => {
      const clock = clocks.get(id);
      if (!clock?.handle) return;
      clearTimeout(clock.handle);
      clocks.set(id, { handle: null, startedAt: clock.startedAt, remaining: clock.remaining - (Date.now() - clock.startedAt) });
    },
    resume: (id) => {
      const clock = clocks.get(id);
      if (!clock || clock.handle) return;
      // A toast that ran out while held gets a moment to be seen before it goes.
      startClock(id, Math.max(clock.remaining, 1_000));
    },
    clear: () => {
      for (const id of clocks.keys()) stopClock(id);
      set({ alerts: [] });
    },
  };
});

/** For code outside React (the API client, store actions). */
export const addAlert = (text: AlertText, options?: AddAlertOptions): string => useAlertStore.getState().add(text, options);
export const dismissAlert = (id: string): void => useAlertStore.getState().dismiss(id);

/** `const { add } = useAlerts(); add(ALERTS.validationErrors)` */
export function useAlerts(): Pick<AlertsState, 'add' | 'dismiss'> {
  const add = useAlertStore((state) => state.add);
  const dismiss = useAlertStore((state) => state.dismiss);
  return { add, dismiss };
}
