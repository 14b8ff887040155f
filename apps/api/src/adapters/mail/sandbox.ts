import { randomUUID } from 'node:crypto';
import type { MailPort } from './port.ts';

/**
 * Development and tests: nothing leaves the machine. Accepting the message is
 * all it does; the relay then marks the outbox row sent, and the sent rows are
 * the dev mailbox (`GET /dev/mailbox`), so what staff or a test reads there is
 * exactly what a real provider would have been given.
 */
export function createSandboxMail(): MailPort {
  return {
    provider: 'sandbox',
    async send() {
      return { messageId: `sandbox-${randomUUID()}` };
    },
    async close() {},
  };
}
