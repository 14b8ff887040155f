import type { FastifyInstance } from 'fastify';
import { mailboxRoutes } from './mailbox-routes.ts';
import { outboxMessages } from './schema.ts';

/**
 * E-mail: the outbox (outbox_messages), written in the transaction of the
 * change an e-mail announces, and the relay that sends it; in sandbox mode
 * the mailbox at /dev/mailbox. Only this module writes the outbox.
 */
export { enqueueMail, failedMailExists, failedMailIds } from './outbox.ts';
export { mailRelayPlugin, relayOutbox } from './relay.ts';
export type { OutboxAttachment } from './schema.ts';

/**
 * What other modules may read of the outbox in their own statements (the
 * e-mails sent about a booking on its staff page, the ones the relay gave
 * up on for the work queue), never write: messages are queued through
 * enqueueMail and sent by the relay.
 */
export const mailReadModel = { outboxMessages } as const;

/** The sandbox mailbox, mounted at /dev when e-mails go to the sandbox provider. */
export async function devMailboxPlugin(app: FastifyInstance) {
  await app.register(mailboxRoutes);
}
