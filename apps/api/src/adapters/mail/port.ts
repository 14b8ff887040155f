/**
 * Sending e-mail. Messages are never sent from a request: they are written
 * to the outbox in the transaction of the change that causes them, and the
 * outbox relay hands them to this port (modules/mail), so a rolled-back
 * booking sends nothing and a mail server outage loses nothing.
 */
export interface MailPort {
  readonly provider: 'sandbox' | 'smtp';
  /**
   * Resolves once the message is accepted for delivery. Rejects when it was
   * not: with a MailDeliveryError whose `permanent` says the server refused
   * this message for good (the relay gives it up), otherwise the relay
   * retries it later.
   */
  send(message: MailMessage): Promise<SentMail>;
  /** Releases connections; called when the app closes. */
  close(): Promise<void>;
}

export interface MailMessage {
  /**
   * The same on every attempt at one outbox message ('outbox-12.lq3x9'), so
   * an attempt whose acceptance never reached us (the connection dropped after
   * the server took it) repeats the same Message-ID, which receivers use to
   * drop the copy.
   */
  messageKey?: string;
  to: string;
  /** An open copy to another address (Cc), or none. */
  cc?: string | null;
  subject: string;
  text: string;
  html?: string | null;
  attachments?: readonly MailAttachment[];
}

/** A file sent with the message. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface SentMail {
  /** The provider's id for the message, for support. */
  messageId: string;
}

/** A refusal from the mail server. */
export class MailDeliveryError extends Error {
  /** True when the server refused this message for good (an SMTP 5xx reply to it or its recipients): another attempt would be refused again. */
  readonly permanent: boolean;
  constructor(message: string, options: { permanent: boolean; cause?: unknown }) {
    super(message, { cause: options.cause });
    this.name = 'MailDeliveryError';
    this.permanent = options.permanent;
  }
}
