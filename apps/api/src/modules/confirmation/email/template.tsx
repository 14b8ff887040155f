/* The automatic JSX runtime whichever tsconfig the runner finds: `npm start` runs tsx from the repository root, which has none. */
/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { Button, Heading, Link, Section, Text } from '@react-email/components';
import type { ConfirmationContent, ContentGroup, ContentLine } from './content.ts';
import { EmailShell, MUTED, ReferenceBox, s, Total } from './layout.tsx';

/** The confirmation e-mail's HTML part, in the shell every customer e-mail shares (layout.tsx). */

function Line({ line }: { line: ContentLine }) {
  return (
    <tr>
      <td style={s.cell}>
        <span style={s.name}>{line.name}</span>
        {line.detail ? <span style={s.detail}>{line.detail}</span> : null}
      </td>
      <td style={s.amount}>{line.amount}</td>
    </tr>
  );
}

function Group({ group }: { group: ContentGroup }) {
  return (
    <>
      <tr>
        <th scope="colgroup" colSpan={2} style={s.group}>
          {group.heading}
        </th>
      </tr>
      {group.lines.map((line, index) => (
        <Line key={index} line={line} />
      ))}
    </>
  );
}

export function ConfirmationEmail({ content }: { content: ConfirmationContent }) {
  return (
    <EmailShell subject={content.subject} preview={content.preview} logoUrl={content.logoUrl} company={content.company}>
      <Heading as="h1" style={s.h1}>
        {content.heading}
      </Heading>
      <Text style={s.text}>{content.greeting}</Text>
      <Text style={s.text}>{content.intro}</Text>
      {content.optionalNotice ? <Text style={s.notice}>{content.optionalNotice}</Text> : null}

      <ReferenceBox reference={content.reference} />

      <Heading as="h2" style={s.h2}>
        Your tour
      </Heading>
      <Text style={{ ...s.label, marginTop: 0 }}>Tour</Text>
      <Text style={s.value}>{content.tourName}</Text>
      <Text style={s.label}>{content.datesLabel}</Text>
      <Text style={s.value}>{content.dates}</Text>
      <Text style={s.label}>{content.passengersLabel}</Text>
      {content.passengers.map((name, index) => (
        <Text key={index} style={s.value}>
          {name}
        </Text>
      ))}

      <Heading as="h2" style={s.h2}>
        Your booking
      </Heading>
      <table style={s.table} width="100%" cellPadding={0} cellSpacing={0}>
        <thead>
          <tr>
            <th scope="col" style={{ ...s.th, textAlign: 'left' }}>
              Item
            </th>
            <th scope="col" style={{ ...s.th, textAlign: 'right' }}>
              Price
            </th>
          </tr>
        </thead>
        <tbody>
          {content.groups.map((group, index) => (
            <Group key={index} group={group} />
          ))}
          <Total label="Total cost" value={content.total} strong />
          <Total label="Amount paid" value={content.paid} />
          <Total label="Balance due" value={content.balance} strong={content.balanceDue} />
        </tbody>
      </table>

      <Heading as="h2" style={s.h2}>
        What happens next
      </Heading>
      <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={s.table}>
        <tbody>
          {content.nextSteps.map((step, index) => (
            <tr key={index}>
              <td style={{ ...s.step, width: '40px' }}>
                <div style={s.stepNumber}>{index + 1}</div>
              </td>
              <td style={s.step}>
                <Text style={s.stepTitle}>{step.title}</Text>
                <Text style={s.stepText}>{step.text}</Text>
              </td>
            </tr>
          ))}
        </tbody>
      </table>

      <Heading as="h2" style={s.h2}>
        Your account
      </Heading>
      <Text style={s.text}>{content.accountText}</Text>
      <Section style={{ margin: '0 0 12px' }}>
        <Button href={content.accountUrl} style={s.button}>
          Go to your account
        </Button>
      </Section>
      <Text style={{ ...s.text, fontSize: '14px', lineHeight: '20px', color: MUTED }}>
        Or open this address:{' '}
        <Link href={content.accountUrl} style={s.link}>
          {content.accountUrl}
        </Link>
      </Text>
      <Text style={{ ...s.text, marginBottom: 0 }}>{content.contact}</Text>
    </EmailShell>
  );
}
