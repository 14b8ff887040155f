import { ALERTS } from '@tours/domain/messages';
import { useEffect } from 'react';
import { addAlert } from '../../lib/alerts.ts';
import { isSignedIn } from '../../lib/auth/account-session.ts';
import { clearSession, logout } from '../../lib/auth/sign-in.ts';
import { readItem, removeItem, STORAGE_KEYS, writeItem } from '../../lib/storage.ts';

/**
 * 'End agent session' (spec section 4, Agent session): every store back to
 * its defaults and the visitor logged out. A signed-in customer leaves
 * through the same logout as the header's, which ends the provider session
 * and loads the site again; the toast would be lost with the page, so a flag
 * in session storage carries it across (useAgentSessionEndedNotice).
 * Without a customer, clearing the stores is the whole logout.
 */
export async function endAgentSession(): Promise<void> {
  if (isSignedIn()) {
    writeItem(STORAGE_KEYS.agentSessionEnded, '1');
    await logout();
    return;
  }
  clearSession();
  addAlert(ALERTS.agentSessionEnded);
}

/** Shows the end-of-agent-session toast once after the provider's logout brought the visitor back. */
export function showPendingAgentSessionNotice(): void {
  if (readItem(STORAGE_KEYS.agentSessionEnded) === null) return;
  removeItem(STORAGE_KEYS.agentSessionEnded);
  addAlert(ALERTS.agentSessionEnded);
}

/** For the site header, which is on every page the provider's logout can return to. */
export function useAgentSessionEndedNotice(): void {
  useEffect(() => showPendingAgentSessionNotice(), []);
}
