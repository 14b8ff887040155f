/**
 * Sending e-mail. Messages are never sent from a request: they are written
 * to the outbox in the transaction of the change that causes them, and the
 * outbox relay hands them to this port (modules/mail), so a rolled-back
 * booking sends nothing and a mail server outage loses nothing.
 */
export interface MailPort {
  readonly provider: 'sandbox' | 'smtp';
  /** Resolves once the message is accepted for delivery; rejects when it was not (the relay retries later). */
  send(message: MailMessage): Promise<SentMail>;
  /** Releases connections; called when the app closes. */
  close(): Promise<void>;
}

export interface MailMessage {
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
