import type { MailAttachment } from '../../adapters/mail/index.ts';
import type { Database } from '../../db/client.ts';
import type { OutboxAttachment } from './schema.ts';
import { drawDocumentById, type DocumentDrawing } from '../documents/index.ts';

/**
 * An outbox message's attachments drawn as files, at the moment they are
 * needed: when the relay sends the message, and when the sandbox mailbox
 * shows it. A document the booking no longer shows (a booking cancelled
 * before its e-mail went) is left out rather than holding the e-mail back;
 * a failure to draw one throws, and the relay tries the message again later.
 */
export async function drawAttachments(
  db: Database,
  attachments: readonly OutboxAttachment[],
  drawing: DocumentDrawing,
): Promise<{ files: MailAttachment[]; missing: string[] }> {
  const files: MailAttachment[] = [];
  const missing: string[] = [];
  for (const attachment of attachments) {
    const file = await drawAttachment(db, attachment, drawing);
    if (file) files.push(file);
    else missing.push(attachment.filename);
  }
  return { files, missing };
}

export async function drawAttachment(db: Database, attachment: OutboxAttachment, drawing: DocumentDrawing): Promise<MailAttachment | null> {
  if (attachment.kind !== 'booking-document') return null;
  const file = await drawDocumentById(db, attachment.documentId, drawing);
  return file ? { filename: attachment.filename, contentType: attachment.contentType, content: file.content } : null;
}
