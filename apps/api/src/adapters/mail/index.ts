import type { AppConfig } from '../../config/index.ts';
import type { MailPort } from './port.ts';
import { createSandboxMail } from './sandbox.ts';
import { createSmtpMail } from './smtp.ts';

export type { MailAttachment, MailMessage, MailPort } from './port.ts';
export { MailDeliveryError } from './port.ts';
export { createSandboxMail } from './sandbox.ts';
export { createSmtpMail } from './smtp.ts';

export function createMail(config: AppConfig['mail']): MailPort {
  if (config.provider === 'smtp') {
    if (!config.smtpUrl) throw new Error('SMTP_URL is required for the smtp mail provider');
    return createSmtpMail({ url: config.smtpUrl, from: config.from });
  }
  return createSandboxMail();
}
