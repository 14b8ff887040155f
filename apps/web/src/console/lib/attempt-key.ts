import { useState } from 'react';

/**
 * The Idempotency-Key of one attempt at a staff action (a UUID, as the API
 * requires). Made when the attempt starts (a dialog opens, a form is
 * filled) and sent unchanged with every retry of it, so an answer lost on
 * the way (a timeout, a dropped connection) and a press of the button again
 * cannot act twice: the API answers the first result. A new attempt, once
 * the last one succeeded, takes a new key (`renew`).
 */
export function useAttemptKey(): { key: string; renew: () => void } {
  const [key, setKey] = useState(() => crypto.randomUUID());
  return { key, renew: () => setKey(crypto.randomUUID()) };
}
