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
dl { display: grid; grid-template-columns: max-content 1fr; gap: .25rem 1rem; margin: 0 0 1rem; }
dt { font-weight: 600; }
dd { margin: 0; overflow-wrap: anywhere; }
pre { white-space: pre-wrap; overflow-wrap: anywhere; font: inherit; background: #f4f4f4; padding: .75rem; border-radius: 4px; margin: 0; }
`;

function item(message: OutboxMessage): string {
  const sent = message.sentAt ?? message.createdAt;
  const headingId = `mail-${message.id}-subject`;
  return `<li><article aria-labelledby="${headingId}">
<h2 id="${headingId}">${escapeHtml(message.subject)}</h2>
<dl>
<dt>To</dt><dd>${escapeHtml(message.toAddress)}</dd>
<dt>Sent</dt><dd><time datetime="${sent.toISOString()}">${escapeHtml(formatTimeAndDate(sent))}</time></dd>
</dl>
<pre>${escapeHtml(message.bodyText)}</pre>
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
