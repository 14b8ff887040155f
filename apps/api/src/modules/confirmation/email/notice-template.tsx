/* The automatic JSX runtime whichever tsconfig the runner finds: `npm start` runs tsx from the repository root, which has none. */
/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { Button, Heading, Link, Section, Text } from '@react-email/components';
import { EmailShell, MUTED, ReferenceBox, s, Total } from './layout.tsx';
import type { NoticeContent } from './notice.ts';

/** The HTML part of a notice e-mail (a cancellation, a document), in the shell every customer e-mail shares. */
export function NoticeEmail({ content }: { content: NoticeContent }) {
  return (
    <EmailShell subject={content.subject} preview={content.preview} logoUrl={content.logoUrl} company={content.company}>
      <Heading as="h1" style={s.h1}>
        {content.heading}
      </Heading>
      <Text style={s.text}>{content.greeting}</Text>
      {content.paragraphs.map((paragraph, index) => (
        <Text key={index} style={s.text}>
          {paragraph}
        </Text>
      ))}

      <ReferenceBox reference={content.reference} />

      {content.facts.map((fact, index) => (
        <div key={index}>
          <Text style={index === 0 ? { ...s.label, marginTop: '20px' } : s.label}>{fact.label}</Text>
          {fact.values.map((value, at) => (
            <Text key={at} style={s.value}>
              {value}
            </Text>
          ))}
        </div>
      ))}

      {content.figures ? (
        <>
          <Heading as="h2" style={s.h2}>
            {content.figures.heading}
          </Heading>
          <table role="presentation" style={s.table} width="100%" cellPadding={0} cellSpacing={0}>
            <tbody>
              {content.figures.rows.map((row, index) => (
                <Total key={index} label={row.label} value={row.value} strong={row.strong} />
              ))}
            </tbody>
          </table>
        </>
      ) : null}

      <div style={{ height: '16px' }} />
      {content.closing.map((paragraph, index) => (
        <Text key={index} style={s.text}>
          {paragraph}
        </Text>
      ))}

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
