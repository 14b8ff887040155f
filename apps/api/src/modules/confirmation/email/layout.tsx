/* The automatic JSX runtime whichever tsconfig the runner finds: `npm start` runs tsx from the repository root, which has none. */
/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { Body, Column, Container, Head, Html, Img, Link, Preview, Row, Section, Text } from '@react-email/components';
import { OPERATOR } from '@tours/domain';
import type { CSSProperties, ReactNode } from 'react';

/**
 * What every customer e-mail's HTML part shares (docs/decisions/0007-email-templates.md):
 * the styles, the operator's header and the footer. Mail clients want tables
 * for layout and inline styles (react-email writes both), one column no wider
 * than 600px that shrinks to a 320px phone, system fonts only, and nothing
 * fetched but the logo, which has empty alt text because the company name is
 * written beside it as text: with images blocked the header still says who
 * we are. Every other colour is derived from the operator's three (OPERATOR.colours).
 */

export const { primary, accent, surface } = OPERATOR.colours;
export const INK = '#1d1d1f';
/** 7:1 on white. */
export const MUTED = '#55555a';
const RULE = '#e2ddd2';
const FONT = "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
const SERIF = "Georgia, 'Times New Roman', serif";

export const s = {
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

/** Who the e-mail is from, as its header and footer show it. */
export interface EmailCompany {
  name: string;
  tagline: string;
  addressLines: string[];
  phone: string;
  tel: string;
  website: string;
}

/** The document around an e-mail's main section: head, preview line, the operator's header and the footer. */
export function EmailShell({ subject, preview, logoUrl, company, children }: { subject: string; preview: string; logoUrl: string; company: EmailCompany; children: ReactNode }) {
  return (
    <Html lang="en" dir="ltr">
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
        <meta name="supported-color-schemes" content="light" />
        <title>{subject}</title>
      </Head>
      <Preview>{preview}</Preview>
      <Body style={s.body}>
        {/* Read as one article named by its subject inside a webmail page, which has its own landmarks and headings. */}
        <div role="article" aria-roledescription="email" aria-label={subject} lang="en" dir="ltr">
          <Container style={s.container}>
            <Section style={s.header}>
              <Row>
                <Column style={{ width: '56px', verticalAlign: 'middle' }}>
                  <Img src={logoUrl} width="44" height="44" alt="" style={{ display: 'block', border: 0 }} />
                </Column>
                <Column style={{ verticalAlign: 'middle' }}>
                  <Text style={s.company}>{company.name}</Text>
                  <Text style={s.tagline}>{company.tagline}</Text>
                </Column>
              </Row>
            </Section>

            <Section style={s.main}>{children}</Section>

            <Section style={s.footer}>
              <Text style={{ ...s.footerText, fontWeight: 700, color: INK }}>{company.name}</Text>
              <Text style={s.footerText}>{company.addressLines.join(', ')}</Text>
              <Text style={s.footerText}>
                Telephone{' '}
                <Link href={`tel:${company.tel}`} style={{ color: MUTED }}>
                  {company.phone}
                </Link>
                {' · '}
                <Link href={company.website} style={{ color: MUTED }}>
                  {company.website.replace(/^https?:\/\//, '')}
                </Link>
              </Text>
            </Section>
          </Container>
        </div>
      </Body>
    </Html>
  );
}

/** A row of a figures table: a label and an amount on the right. */
export function Total({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  const weight = strong ? { fontWeight: 700, color: primary } : {};
  return (
    <tr>
      <td style={{ ...s.totalLabel, ...weight }}>{label}</td>
      <td style={{ ...s.totalValue, ...weight }}>{value}</td>
    </tr>
  );
}

/** The booking reference, boxed. */
export function ReferenceBox({ reference }: { reference: string }) {
  return (
    <Section style={s.reference}>
      <Text style={s.referenceLabel}>Your booking reference</Text>
      <Text style={s.referenceValue}>{reference}</Text>
      <Text style={s.referenceHelp}>Please quote it whenever you contact us.</Text>
    </Section>
  );
}
