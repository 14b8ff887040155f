import { OPERATOR } from '@tours/domain';
import { z } from 'zod';
import { defineSlice, setting } from './setting.ts';

/** The operator's own domain, from its enquiry address, so a white-label operator changes operator.ts only. */
const OPERATOR_MAIL_DOMAIN = OPERATOR.enquiryUrl.replace(/^mailto:/, '').split('@')[1] ?? 'example.com';

export const mail = defineSlice({
  title: 'E-mail',
  summary: 'How the outbox relay sends the e-mails the site writes, and from whom.',
  settings: {
    mail: {
      provider: setting(
        'MAIL_PROVIDER',
        z.enum(['sandbox', 'smtp']).default('sandbox'),
        '`sandbox`: e-mails are marked sent without leaving the machine and listed at `/dev/mailbox` (and `/dev/mailbox.json`); `smtp`: sent through `SMTP_URL`',
      ),
      smtpUrl: setting(
        'SMTP_URL',
        z.url({ protocol: /^smtps?$/ }).optional(),
        'For `smtp`: `smtp://user:pass@host:587` (STARTTLS required; `?requireTLS=false` only for a local server without TLS) or `smtps://user:pass@host:465` (TLS from the start); nodemailer options may follow as a query string, e.g. `?pool=true`, `?socketTimeout=20000` (defaults: 15 s to connect and to be greeted, 30 s of silence)',
      ),
      from: setting(
        'MAIL_FROM',
        z
          .string()
          .trim()
          .regex(/^([^<>@]*<[^<>@\s]+@[^<>@\s]+>|[^<>@\s]+@[^<>@\s]+)$/, "Use an address, or 'Name <address>'")
          .default(`${OPERATOR.companyName} <bookings@${OPERATOR_MAIL_DOMAIN}>`),
        'The From of every e-mail: an address or `Name <address>`; by default the operator\'s name at its domain (`packages/domain/src/operator.ts`)',
      ),
    },
  },
  requires: { MAIL_PROVIDER: { smtp: ['SMTP_URL'] } },
});
