import type { ConfirmationContent } from './content.ts';

/**
 * The plain-text part: the same facts as the HTML part, for clients that show
 * text only and for people who prefer it. Lines stay short enough to read on a
 * phone; the account link is on a line of its own so every client makes it a link.
 */
export function confirmationText(content: ConfirmationContent): string {
  const line = (l: ConfirmationContent['groups'][number]['lines'][number]) => `    ${l.name}${l.detail ? ` (${l.detail})` : ''}: ${l.amount}`;
  return [
    content.greeting,
    '',
    content.intro,
    ...(content.optionalNotice ? ['', content.optionalNotice] : []),
    '',
    `Booking reference: ${content.reference}`,
    `Tour: ${content.tourName}`,
    `${content.datesLabel}: ${content.dates}`,
    `${content.passengersLabel}:`,
    ...content.passengers.map((name) => `  ${name}`),
    '',
    'Your booking:',
    ...content.groups.flatMap((group) => [`  ${group.heading}`, ...group.lines.map(line)]),
    '',
    `Total cost: ${content.total}`,
    `Amount paid: ${content.paid}`,
    `Balance due: ${content.balance}`,
    '',
    'What happens next',
    ...content.nextSteps.flatMap((step, index) => [`${index + 1}. ${step.title}: ${step.text}`]),
    '',
    'Your account:',
    content.accountUrl,
    content.accountText,
    '',
    content.contact,
    '',
    content.company.name,
    ...content.company.addressLines,
    `Telephone ${content.company.phone}`,
    content.company.website,
  ].join('\n');
}
