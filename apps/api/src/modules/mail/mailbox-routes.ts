import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { mailboxPolicy, mailHtmlPolicy, PLAIN_TEXT_POLICY } from '../../lib/content-security-policy.ts';
import { drawAttachment } from './attachments.ts';
import { findSentMail, listSentMail } from './outbox.ts';
import { mailAttachmentPath, renderMailbox } from './mailbox-page.ts';

/** The origins an e-mail's images are on, as a CSP source list: what a mail client would fetch to show it. */
export function imageSources(html: string): string {
  const origins = new Set<string>();
  for (const [, src] of html.matchAll(/<img\b[^>]*?\ssrc="([^"]+)"/gi)) {
    try {
      const url = new URL(src!.replace(/&amp;/g, '&'));
      if (url.protocol === 'http:' || url.protocol === 'https:') origins.add(url.origin);
    } catch {
      // Not an absolute URL: a mail client could not fetch it either.
    }
  }
  return origins.size > 0 ? [...origins].join(' ') : "'none'";
}

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
      .header('content-security-policy', mailboxPolicy(nonce))
      .send(renderMailbox(messages, nonce));
  });

  /**
   * One e-mail's HTML part on its own, as a mail client would show it: the
   * mailbox frames it, and a developer can open it and resize the window to
   * see it narrow and wide. The e-mail is ours, but it holds what customers
   * typed, so the page gets a policy of its own: no scripts (a CSP sandbox,
   * which also gives it an opaque origin), inline styles only (e-mails have
   * nothing else), images only from the origins the e-mail's own images name
   * (the logo on the site), nothing else fetched, framed only by the mailbox.
   */
  app.get<{ Params: { id: string } }>('/mailbox/:id/html', { schema: { hide: true } }, async (request, reply) => {
    const message = await sentMessage(request.params.id);
    if (!message?.bodyHtml) return reply.code(404).type('text/plain; charset=utf-8').send('No such e-mail, or it has no HTML part.');
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'no-referrer')
      .header('content-security-policy', mailHtmlPolicy(imageSources(message.bodyHtml)))
      .send(message.bodyHtml);
  });

  /** One e-mail's plain-text part on its own, exactly as it was sent. */
  app.get<{ Params: { id: string } }>('/mailbox/:id/text', { schema: { hide: true } }, async (request, reply) => {
    const message = await sentMessage(request.params.id);
    if (!message) return reply.code(404).type('text/plain; charset=utf-8').send('No such e-mail.');
    return reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', PLAIN_TEXT_POLICY)
      .send(message.bodyText);
  });

  /**
   * One attachment of a sent e-mail, drawn now as the relay drew it when it
   * sent the message (the outbox keeps only its name): a booking document
   * shows the booking as it is today. Served as a download would be, with no
   * caching, since it holds a customer's data.
   */
  app.get<{ Params: { id: string; index: string } }>('/mailbox/:id/attachments/:index', { schema: { hide: true } }, async (request, reply) => {
    const message = await sentMessage(request.params.id);
    const attachment = /^\d{1,3}$/.test(request.params.index) ? message?.attachments[Number(request.params.index)] : undefined;
    const file = attachment ? await drawAttachment(app.db, attachment, { now: app.clock.now(), balanceDueDays: app.config.balances.dueDays }) : null;
    if (!file) return reply.code(404).type('text/plain; charset=utf-8').send('No such attachment, or its booking no longer has it.');
    return reply
      .type(file.contentType)
      .header('content-disposition', `inline; filename="${file.filename.replace(/[^\w.-]/g, '_')}"`)
      .header('cache-control', 'no-store')
      .header('x-content-type-options', 'nosniff')
      .send(file.content);
  });

  async function sentMessage(id: string) {
    return /^\d{1,9}$/.test(id) ? findSentMail(app.db, Number(id)) : null;
  }

  app.get('/mailbox.json', { schema: { hide: true } }, async (_request, reply) => {
    const messages = await listSentMail(app.db);
    reply.header('cache-control', 'no-store');
    return {
      data: {
        items: messages.map((message) => ({
          id: message.id,
          to: message.toAddress,
          cc: message.ccAddress,
          subject: message.subject,
          body: message.bodyText,
          html: message.bodyHtml,
          attachments: message.attachments.map((attachment, index) => ({
            filename: attachment.filename,
            content_type: attachment.contentType,
            url: mailAttachmentPath(message.id, index),
          })),
          booking_id: message.bookingId,
          sent_at: (message.sentAt ?? message.createdAt).toISOString(),
        })),
      },
    };
  });
}
