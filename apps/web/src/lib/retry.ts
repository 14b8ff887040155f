import { CLIENT_ERROR_CODES, isApiRequestError } from './api-error.ts';

/**
 * Asking the server again after a card was charged: the booking flow's
 * confirmation and the account area's payment receipt are both idempotent
 * for one payment id, so a lost answer or a server still settling is asked
 * again, with the same back-off, while the page stays open.
 */

/** Back-off between tries: 1 s, 2 s, 4 s, 8 s, then every 10 s. */
export const RETRY_FIRST_DELAY_MS = 1_000;
export const RETRY_MAX_DELAY_MS = 10_000;
/** After this many failed tries the page tells the visitor the payment is being checked, rather than leaving a spinner. */
export const CHECKING_AFTER_FAILURES = 2;

export const retryDelay = (failures: number): number => Math.min(RETRY_FIRST_DELAY_MS * 2 ** Math.max(0, failures - 1), RETRY_MAX_DELAY_MS);

/**
 * Failures that say nothing about the request itself: no answer came (the
 * network), the server timed out or is overloaded, or it is still settling
 * (5xx, 503 SERVICE_FAILURE). Asking again with the same id is the cure.
 */
export function isTransientFailure(error: unknown): boolean {
  if (!isApiRequestError(error)) return false;
  if (error.status === 0) return error.code === CLIENT_ERROR_CODES.network;
  return error.status === 408 || error.status === 429 || error.status >= 500;
}

/** Waits `ms`, or less when `signal` aborts (a logout, a newer run): the caller checks the signal afterwards. */
export function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) {
      resolve();
      return;
    }
    const handle = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(handle);
        resolve();
      },
      { once: true },
    );
  });
}
