import nodemailer, { type Transporter } from 'nodemailer';
import { parseConnectionUrl } from 'nodemailer/lib/shared/index.js';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import { MailDeliveryError, type MailPort } from './port.ts';

export interface SmtpMailOptions {
  /**
   * smtp://user:pass@host:587 (STARTTLS, required unless ?requireTLS=false) or
   * smtps://user:pass@host:465 (TLS from the start). A query string may set
   * other nodemailer options: ?pool=true, ?socketTimeout=20000, ?tls.servername=...
   */
  url: string;
  from: string;
  /** Tests pass another nodemailer transporter (its JSON or stream transport) in place of SMTP. */
  transporter?: Transporter;
}

/**
 * Every wait on the server is bounded, well inside the outbox relay's lease
 * (relay.ts, 2 minutes): a send still hanging when the lease ran out could be
 * taken and sent again by another replica.
 */
export const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000, dnsTimeout: 15_000 } as const;

/** The transport options SMTP_URL stands for, over our defaults. */
export function smtpTransportOptions(url: string): SMTPTransport.Options {
  const fromUrl = parseConnectionUrl(url) as SMTPTransport.Options;
  return {
    ...SMTP_TIMEOUTS,
    // Credentials and booking details never cross the network in clear: STARTTLS is required on smtp:// unless the URL says otherwise (a local test server).
    requireTLS: !fromUrl.secure,
    ...fromUrl,
  };
}

/** The domain of the From address, for Message-IDs. */
function domainOf(from: string): string {
  return /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
}

/**
 * Refused for good: the server answered this message or its recipients with
 * a 5xx (unknown mailbox, message too big or refused), or the address cannot
 * be written. Anything else (4xx, a dropped connection, a timeout, TLS, a
 * refused sign-in or sender, which are our configuration) may pass later.
 */
function isPermanent(error: { code?: unknown; command?: unknown; responseCode?: unknown }): boolean {
  if (error.code === 'EENVELOPE' && error.command === 'API') return true;
  const refused = error.code === 'EENVELOPE' || error.code === 'EMESSAGE';
  const ofThisMessage = error.command === 'RCPT TO' || error.command === 'DATA';
  return refused && ofThisMessage && typeof error.responseCode === 'number' && error.responseCode >= 500 && error.responseCode < 600;
}

/**
 * Production: any SMTP server or relay (a provider's SMTP endpoint included),
 * through nodemailer. A refusal rejects with a MailDeliveryError, and the
 * outbox relay retries the message later or, when it is permanent, gives it up.
 */
export function createSmtpMail(options: SmtpMailOptions): MailPort {
  const transporter: Transporter = options.transporter ?? nodemailer.createTransport(smtpTransportOptions(options.url));
  const domain = domainOf(options.from);
  return {
    provider: 'smtp',
    async send(message) {
      try {
        const info = await transporter.sendMail({
          from: options.from,
          to: message.to,
          ...(message.cc ? { cc: message.cc } : {}),
          ...(message.messageKey ? { messageId: `<${message.messageKey}@${domain}>` } : {}),
          subject: message.subject,
          text: message.text,
          ...(message.html ? { html: message.html } : {}),
          ...(message.attachments?.length
            ? { attachments: message.attachments.map((file) => ({ filename: file.filename, contentType: file.contentType, content: file.content })) }
            : {}),
        });
        return { messageId: String(info.messageId ?? '') };
      } catch (error) {
        const details = (error ?? {}) as { message?: unknown; code?: unknown; command?: unknown; responseCode?: unknown };
        throw new MailDeliveryError(String(details.message ?? error), { permanent: isPermanent(details), cause: error });
      }
    },
    async close() {
      transporter.close();
    },
  };
}
