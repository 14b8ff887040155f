import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { listSentMail } from './outbox.ts';
import { renderMailbox } from './mailbox-page.ts';

/**
 * The sandbox mailbox at /dev/mailbox (HTML) and /dev/mailbox.json (tests and
 * tools), mounted only when MAIL_PROVIDER=sandbox: sent e-mails, newest first.
 * Outside our OpenAPI document: it is a development tool, not the product's API.
 */
export async function mailboxRoutes(app: FastifyInstance) {
  if (app.config.nodeEnv === 'production') {
    app.log.warn('the sandbox mailbox is serving /dev/mailbox: anyone can read the e-mails the site sends; set MAIL_PROVIDER=smtp');
  }

  app.get('/mailbox', { schema: { hide: true } }, async (_request, reply) => {
    const nonce = randomBytes(16).toString('base64');
    const messages = await listSentMail(app.db);
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header(
        'content-security-policy',
        `default-src 'none'; style-src 'nonce-${nonce}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
      )
      .send(renderMailbox(messages, nonce));
  });

  app.get('/mailbox.json', { schema: { hide: true } }, async (_request, reply) => {
    const messages = await listSentMail(app.db);
    reply.header('cache-control', 'no-store');
    return {
      data: {
        items: messages.map((message) => ({
          id: message.id,
          to: message.toAddress,
          subject: message.subject,
          body: message.bodyText,
          booking_id: message.bookingId,
          sent_at: (message.sentAt ?? message.createdAt).toISOString(),
        })),
      },
    };
  });
}
