import type { FastifyInstance } from 'fastify';
import { mailboxRoutes } from './mailbox-routes.ts';

export { enqueueMail } from './outbox.ts';
export { mailRelayPlugin, relayOutbox } from './relay.ts';

/** The sandbox mailbox, mounted at /dev when e-mails go to the sandbox provider. */
export async function devMailboxPlugin(app: FastifyInstance) {
  await app.register(mailboxRoutes);
}
