import type { EmailCompany } from './layout.tsx';

/**
 * The shorter e-mails about a booking (a cancellation and its refund, a
 * document sent again), worded once: the HTML part (notice-template.tsx) and
 * the plain-text part (noticeText) are both drawn from this, as the
 * confirmation e-mail's are from content.ts.
 */
export interface NoticeContent {
  subject: string;
  /** The inbox preview line. */
  preview: string;
  heading: string;
  greeting: string;
  /** Said first, one paragraph each. */
  paragraphs: string[];
  reference: string;
  /** 'Tour', 'Dates', 'Passengers' and their values. */
  facts: { label: string; values: string[] }[];
  /** A table of amounts under a heading, or none. */
  figures: { heading: string; rows: { label: string; value: string; strong?: boolean }[] } | null;
  /** Said after the figures: when the refund arrives, what to do next. */
  closing: string[];
  accountUrl: string;
  contact: string;
  logoUrl: string;
  company: EmailCompany;
}

/** The plain-text part: the same facts in the same order, lines short enough for a phone. */
export function noticeText(content: NoticeContent): string {
  return [
    content.greeting,
    '',
    ...content.paragraphs.flatMap((paragraph) => [paragraph, '']),
    `Booking reference: ${content.reference}`,
    ...content.facts.flatMap((fact) => (fact.values.length === 1 ? [`${fact.label}: ${fact.values[0]}`] : [`${fact.label}:`, ...fact.values.map((value) => `  ${value}`)])),
    ...(content.figures ? ['', `${content.figures.heading}:`, ...content.figures.rows.map((row) => `  ${row.label}: ${row.value}`)] : []),
    '',
    ...content.closing.flatMap((paragraph) => [paragraph, '']),
    'Your account:',
    content.accountUrl,
    '',
    content.contact,
    '',
    content.company.name,
    ...content.company.addressLines,
    `Telephone ${content.company.phone}`,
    content.company.website,
  ].join('\n');
}
