import { render } from '@react-email/components';
import { createElement } from 'react';
import type { ConfirmationContent } from './content.ts';
import type { NoticeContent } from './notice.ts';
import { NoticeEmail } from './notice-template.tsx';
import { ConfirmationEmail } from './template.tsx';

/** React 19 hints every image to the browser with a preload link: mail clients have no use for it, so it goes. */
const IMAGE_PRELOAD = /<link rel="preload" as="image"[^>]*\/>/g;

/** The HTML part as mail clients get it: an XHTML document with table layout and inline styles (react-email's output). */
export async function renderConfirmationHtml(content: ConfirmationContent): Promise<string> {
  return (await render(createElement(ConfirmationEmail, { content }))).replace(IMAGE_PRELOAD, '');
}

/** A notice e-mail's HTML part (a cancellation, a document sent again). */
export async function renderNoticeHtml(content: NoticeContent): Promise<string> {
  return (await render(createElement(NoticeEmail, { content }))).replace(IMAGE_PRELOAD, '');
}
