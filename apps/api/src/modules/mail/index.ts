import type { FastifyInstance } from 'fastify';
import { mailboxRoutes } from './mailbox-routes.ts';

/**
 * E-mail: the outbox (outbox_messages), written in the transaction of the
 * change an e-mail announces, and the relay that sends it; in sandbox mode
 * the mailbox at /dev/mailbox. Only this module writes the outbox.
 */
export { enqueueMail } from './outbox.ts';
export { mailRelayPlugin, relayOutbox } from './relay.ts';
export type { OutboxAttachment } from './schema.ts';

/** The sandbox mailbox, mounted at /dev when e-mails go to the sandbox provider. */
export async function devMailboxPlugin(app: FastifyInstance) {
  await app.register(mailboxRoutes);
}
