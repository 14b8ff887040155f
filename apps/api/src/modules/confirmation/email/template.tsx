/* The automatic JSX runtime whichever tsconfig the runner finds: `npm start` runs tsx from the repository root, which has none. */
/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { Body, Button, Column, Container, Head, Heading, Html, Img, Link, Preview, Row, Section, Text } from '@react-email/components';
import { OPERATOR } from '@tours/domain';
import type { CSSProperties } from 'react';
import type { ConfirmationContent, ContentGroup, ContentLine } from './content.ts';

/**
 * The confirmation e-mail's HTML part. Mail clients want tables for layout
 * and inline styles (react-email writes both), one column no wider than 600px
 * that shrinks to a 320px phone, system fonts only, and nothing fetched but
 * the logo, which has empty alt text because the company name is written
 * beside it as text: with images blocked the header still says who we are.
 * Every other colour is derived from the operator's three (OPERATOR.colours).
 */

const { primary, accent, surface } = OPERATOR.colours;
const INK = '#1d1d1f';
/** 7:1 on white. */
const MUTED = '#55555a';
const RULE = '#e2ddd2';
const FONT = "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
const SERIF = "Georgia, 'Times New Roman', serif";

const s = {
  body: { backgroundColor: surface, margin: 0, padding: '24px 0', fontFamily: FONT, color: INK },
  container: { width: '100%', maxWidth: '600px', backgroundColor: '#ffffff', border: `1px solid ${RULE}` },
  header: { backgroundColor: primary, padding: '20px 24px', borderBottom: `4px solid ${accent}` },
  company: { margin: 0, color: '#ffffff', fontFamily: SERIF, fontSize: '22px', lineHeight: '26px', fontWeight: 700 },
  tagline: { margin: '2px 0 0', color: '#e9e4d8', fontSize: '13px', lineHeight: '18px' },
  main: { padding: '24px' },
  text: { margin: '0 0 16px', fontSize: '16px', lineHeight: '24px' },
  notice: { margin: '0 0 16px', padding: '12px 16px', backgroundColor: surface, borderLeft: `4px solid ${accent}`, fontSize: '15px', lineHeight: '22px' },
  reference: { backgroundColor: surface, border: `1px solid ${RULE}`, borderRadius: '6px', padding: '16px', textAlign: 'center' },
  referenceLabel: { margin: 0, fontSize: '13px', lineHeight: '18px', color: MUTED, textTransform: 'uppercase', letterSpacing: '0.06em' },
  referenceValue: { margin: '4px 0', fontFamily: SERIF, fontSize: '28px', lineHeight: '34px', fontWeight: 700, color: primary, letterSpacing: '0.04em' },
  referenceHelp: { margin: 0, fontSize: '14px', lineHeight: '20px', color: MUTED },
  h1: { margin: '0 0 16px', fontFamily: SERIF, fontSize: '26px', lineHeight: '32px', color: primary },
  h2: { margin: '28px 0 12px', fontFamily: SERIF, fontSize: '20px', lineHeight: '26px', color: primary },
  label: { margin: '12px 0 0', fontSize: '13px', lineHeight: '18px', color: MUTED, textTransform: 'uppercase', letterSpacing: '0.06em' },
  value: { margin: '2px 0 0', fontSize: '16px', lineHeight: '24px' },
  table: { width: '100%', borderCollapse: 'collapse' },
  th: { padding: '0 0 8px', fontSize: '13px', lineHeight: '18px', color: MUTED, fontWeight: 400, textTransform: 'uppercase', letterSpacing: '0.06em', borderBottom: `2px solid ${primary}` },
  cell: { padding: '10px 0', borderBottom: `1px solid ${RULE}`, verticalAlign: 'top' },
  group: { padding: '14px 0 2px', fontSize: '13px', lineHeight: '18px', fontWeight: 700, color: primary, textTransform: 'uppercase', letterSpacing: '0.06em', textAlign: 'left' },
  name: { display: 'block', fontSize: '15px', lineHeight: '22px' },
  detail: { display: 'block', fontSize: '14px', lineHeight: '20px', color: MUTED },
  amount: { padding: '10px 0 10px 12px', borderBottom: `1px solid ${RULE}`, verticalAlign: 'top', textAlign: 'right', whiteSpace: 'nowrap', fontSize: '15px', lineHeight: '22px' },
  totalLabel: { padding: '8px 0 0', fontSize: '15px', lineHeight: '22px' },
  totalValue: { padding: '8px 0 0 12px', textAlign: 'right', whiteSpace: 'nowrap', fontSize: '15px', lineHeight: '22px' },
  step: { padding: '0 0 14px', verticalAlign: 'top' },
  stepNumber: { width: '28px', height: '28px', borderRadius: '14px', backgroundColor: primary, color: '#ffffff', fontSize: '14px', lineHeight: '28px', fontWeight: 700, textAlign: 'center' },
  stepTitle: { margin: 0, fontSize: '16px', lineHeight: '24px', fontWeight: 700 },
  stepText: { margin: '2px 0 0', fontSize: '15px', lineHeight: '22px' },
  button: { backgroundColor: primary, color: '#ffffff', borderRadius: '6px', padding: '12px 22px', fontSize: '16px', lineHeight: '24px', fontWeight: 700, textDecoration: 'none' },
  link: { color: primary, textDecoration: 'underline', wordBreak: 'break-all' },
  footer: { padding: '20px 24px', backgroundColor: surface, borderTop: `1px solid ${RULE}` },
  footerText: { margin: '0 0 4px', fontSize: '13px', lineHeight: '19px', color: MUTED },
} satisfies Record<string, CSSProperties>;

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

function Total({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  const weight = strong ? { fontWeight: 700, color: primary } : {};
  return (
    <tr>
      <td style={{ ...s.totalLabel, ...weight }}>{label}</td>
      <td style={{ ...s.totalValue, ...weight }}>{value}</td>
    </tr>
  );
}

export function ConfirmationEmail({ content }: { content: ConfirmationContent }) {
  return (
    <Html lang="en" dir="ltr">
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
        <meta name="supported-color-schemes" content="light" />
        <title>{content.subject}</title>
      </Head>
      <Preview>{content.preview}</Preview>
      <Body style={s.body}>
        {/* Read as one article named by its subject inside a webmail page, which has its own landmarks and headings. */}
        <div role="article" aria-roledescription="email" aria-label={content.subject} lang="en" dir="ltr">
          <Container style={s.container}>
            <Section style={s.header}>
              <Row>
                <Column style={{ width: '56px', verticalAlign: 'middle' }}>
                  <Img src={content.logoUrl} width="44" height="44" alt="" style={{ display: 'block', border: 0 }} />
                </Column>
                <Column style={{ verticalAlign: 'middle' }}>
                  <Text style={s.company}>{content.company.name}</Text>
                  <Text style={s.tagline}>{content.company.tagline}</Text>
                </Column>
              </Row>
            </Section>

            <Section style={s.main}>
              <Heading as="h1" style={s.h1}>
                {content.heading}
              </Heading>
              <Text style={s.text}>{content.greeting}</Text>
              <Text style={s.text}>{content.intro}</Text>
              {content.optionalNotice ? <Text style={s.notice}>{content.optionalNotice}</Text> : null}

              <Section style={s.reference}>
                <Text style={s.referenceLabel}>Your booking reference</Text>
                <Text style={s.referenceValue}>{content.reference}</Text>
                <Text style={s.referenceHelp}>Please quote it whenever you contact us.</Text>
              </Section>

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
            </Section>

            <Section style={s.footer}>
              <Text style={{ ...s.footerText, fontWeight: 700, color: INK }}>{content.company.name}</Text>
              <Text style={s.footerText}>{content.company.addressLines.join(', ')}</Text>
              <Text style={s.footerText}>
                Telephone{' '}
                <Link href={`tel:${content.company.tel}`} style={{ color: MUTED }}>
                  {content.company.phone}
                </Link>
                {' · '}
                <Link href={content.company.website} style={{ color: MUTED }}>
                  {content.company.website.replace(/^https?:\/\//, '')}
                </Link>
              </Text>
            </Section>
          </Container>
        </div>
      </Body>
    </Html>
  );
}
