import nodemailer, { type Transporter } from 'nodemailer';
import type { MailPort } from './port.ts';

export interface SmtpMailOptions {
  /** smtp://user:pass@host:587 (STARTTLS when offered) or smtps://user:pass@host:465. */
  url: string;
  from: string;
  /** Tests pass another nodemailer transporter (its JSON or stream transport) in place of SMTP. */
  transporter?: Transporter;
}

/**
 * Production: any SMTP server or relay (a provider's SMTP endpoint included),
 * through nodemailer with a pooled connection. A refusal rejects, and the
 * outbox relay retries the message later.
 */
export function createSmtpMail(options: SmtpMailOptions): MailPort {
  // The URL carries everything (host, port, credentials, TLS); a query string may add nodemailer options such as ?pool=true.
  const transporter: Transporter = options.transporter ?? nodemailer.createTransport(options.url);
  return {
    provider: 'smtp',
    async send(message) {
      const info = await transporter.sendMail({
        from: options.from,
        to: message.to,
        ...(message.cc ? { cc: message.cc } : {}),
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
        ...(message.attachments?.length
          ? { attachments: message.attachments.map((file) => ({ filename: file.filename, contentType: file.contentType, content: file.content })) }
          : {}),
      });
      return { messageId: String(info.messageId ?? '') };
    },
    async close() {
      transporter.close();
    },
  };
}
