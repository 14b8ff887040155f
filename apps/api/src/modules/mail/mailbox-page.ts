import { formatTimeAndDate, OPERATOR } from '@tours/domain';
import { escapeHtml } from '../../lib/html.ts';
import type { OutboxMessage } from './outbox.ts';

const STYLE = `
body { font-family: system-ui, sans-serif; margin: 0; color: #1d1d1f; background: ${OPERATOR.colours.surface}; line-height: 1.5; }
main { max-width: 48rem; margin: 0 auto; padding: 2rem 1rem; }
h1 { color: ${OPERATOR.colours.primary}; margin-top: 0; }
ol { list-style: none; padding: 0; }
li { margin: 0 0 1.5rem; }
article { background: #fff; border: 1px solid #c9c3b6; border-radius: 6px; padding: 1rem 1.25rem; }
h2 { font-size: 1.15rem; margin: 0 0 .5rem; }
h3 { font-size: 1rem; margin: 1rem 0 0; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: .25rem 1rem; margin: 0 0 1rem; }
dt { font-weight: 600; }
dd { margin: 0; overflow-wrap: anywhere; }
pre { white-space: pre-wrap; overflow-wrap: anywhere; font: inherit; background: #f4f4f4; padding: .75rem; border-radius: 4px; margin: .5rem 0 0; }
iframe { display: block; width: 100%; height: 70vh; min-height: 28rem; border: 1px solid #c9c3b6; border-radius: 4px; background: #fff; }
.parts { display: flex; flex-wrap: wrap; gap: .25rem 1.25rem; margin: .75rem 0; padding: 0; list-style: none; }
.parts li { margin: 0; }
a { color: ${OPERATOR.colours.primary}; }
summary { cursor: pointer; font-weight: 600; }
`;

/** Where the dev mailbox serves a message's parts on their own (mailbox-routes.ts). */
export const mailPartPath = (id: number, part: 'html' | 'text') => `/dev/mailbox/${id}/${part}`;

/** Where the dev mailbox serves a message's attachment, by its position (from 0). */
export const mailAttachmentPath = (id: number, index: number) => `/dev/mailbox/${id}/attachments/${index}`;

/** Links to the message's attachments, drawn when opened as the relay drew them when sending. */
function attachmentsPart(message: OutboxMessage): string {
  if (message.attachments.length === 0) return '';
  const links = message.attachments
    .map(
      (attachment, index) =>
        `<li><a href="${mailAttachmentPath(message.id, index)}" target="_blank" rel="noopener" type="${escapeHtml(attachment.contentType)}">${escapeHtml(attachment.filename)}</a></li>`,
    )
    .join('\n');
  return `<h3>Attachments</h3>\n<ul class="parts">\n${links}\n</ul>`;
}

/**
 * An e-mail with an HTML part: that part in a frame, as a mail client shows
 * it (the frame's page has its own strict policy and no scripts, see
 * mailbox-routes.ts), links to each part on its own, and the plain-text part
 * folded below.
 */
function htmlPart(message: OutboxMessage): string {
  const subject = escapeHtml(message.subject);
  return `<iframe src="${mailPartPath(message.id, 'html')}" title="HTML part: ${subject}" sandbox referrerpolicy="no-referrer" loading="lazy"></iframe>
<ul class="parts">
<li><a href="${mailPartPath(message.id, 'html')}" target="_blank" rel="noopener">Open the HTML part</a></li>
<li><a href="${mailPartPath(message.id, 'text')}" target="_blank" rel="noopener">Open the plain-text part</a></li>
</ul>
<details><summary>Plain-text part</summary><pre>${escapeHtml(message.bodyText)}</pre></details>`;
}

function item(message: OutboxMessage): string {
  const sent = message.sentAt ?? message.createdAt;
  const headingId = `mail-${message.id}-subject`;
  return `<li><article aria-labelledby="${headingId}">
<h2 id="${headingId}">${escapeHtml(message.subject)}</h2>
<dl>
<dt>To</dt><dd>${escapeHtml(message.toAddress)}</dd>
${message.ccAddress ? `<dt>Cc</dt><dd>${escapeHtml(message.ccAddress)}</dd>\n` : ''}<dt>Sent</dt><dd><time datetime="${sent.toISOString()}">${escapeHtml(formatTimeAndDate(sent))}</time></dd>
</dl>
${message.bodyHtml ? htmlPart(message) : `<pre>${escapeHtml(message.bodyText)}</pre>`}
${attachmentsPart(message)}
</article></li>`;
}

/**
 * The sandbox mailbox: every e-mail the site sent through the sandbox mail
 * provider, newest first. Plain server-rendered HTML with landmarks, one
 * heading per e-mail and everything escaped, so it reads well with a screen
 * reader and no message can inject markup.
 */
export function renderMailbox(messages: readonly OutboxMessage[], nonce: string): string {
  const count = messages.length === 1 ? '1 e-mail' : `${messages.length} e-mails`;
  const list =
    messages.length === 0
      ? '<p>No e-mails have been sent yet.</p>'
      : `<p>${count}, newest first.</p>\n<ol>\n${messages.map(item).join('\n')}\n</ol>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Mailbox (sandbox) | ${escapeHtml(OPERATOR.companyName)}</title>
<style nonce="${nonce}">${STYLE}</style>
</head>
<body>
<main>
<h1>Mailbox (sandbox)</h1>
<p>E-mails the site has sent with the sandbox mail provider. None of them left this machine.</p>
${list}
</main>
</body>
</html>`;
}
