/**
 * Production is never a demo by accident: with NODE_ENV=production every
 * sandbox and the demo seed must be replaced, or the demo asked for on
 * purpose with DEMO=1. Each problem names the setting to change and what to
 * set instead, so the refusal at start-up is also the fix.
 */

/** The settings that decide whether a server is a demo, as their slices have parsed them. */
export interface DemoSettings {
  NODE_ENV: 'development' | 'test' | 'production';
  DEMO: boolean;
  SEED: 'demo' | 'none';
  PUBLIC_URL?: string | undefined;
  PAYMENT_PROVIDER: 'sandbox' | 'http';
  IDENTITY_PROVIDER: 'sandbox' | 'oidc';
  POSTCODE_PROVIDER: 'sandbox' | 'http';
  GEOLOCATION_PROVIDER: 'sandbox' | 'http';
  MAIL_PROVIDER: 'sandbox' | 'smtp';
}

export interface DemoProblem {
  /** The environment variable to change or set. */
  setting: keyof DemoSettings;
  message: string;
}

/** What makes this configuration a demo (sandboxes on, demo data, no site address), whatever NODE_ENV says. */
export function demoParts(env: DemoSettings): DemoProblem[] {
  const problems: DemoProblem[] = [];
  if (env.PAYMENT_PROVIDER === 'sandbox') {
    problems.push({
      setting: 'PAYMENT_PROVIDER',
      message: 'the card payments sandbox is on (test cards only, no money moves): set PAYMENT_PROVIDER=http with PAYMENT_PROVIDER_URL, PAYMENT_SECRET_KEY and PAYMENT_WEBHOOK_SECRET',
    });
  }
  if (env.IDENTITY_PROVIDER === 'sandbox') {
    problems.push({
      setting: 'IDENTITY_PROVIDER',
      message: 'the identity provider sandbox at /idp is on: set IDENTITY_PROVIDER=oidc with OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_AUDIENCE',
    });
  }
  if (env.POSTCODE_PROVIDER === 'sandbox') {
    problems.push({
      setting: 'POSTCODE_PROVIDER',
      message: 'the postcode lookup sandbox is on (a few built-in postcodes): set POSTCODE_PROVIDER=http with POSTCODE_URL and POSTCODE_API_KEY',
    });
  }
  if (env.GEOLOCATION_PROVIDER === 'sandbox') {
    problems.push({
      setting: 'GEOLOCATION_PROVIDER',
      message: 'the geolocation sandbox is on (regions made up from the IP): set GEOLOCATION_PROVIDER=http with GEOLOCATION_URL and GEOLOCATION_TOKEN',
    });
  }
  if (env.MAIL_PROVIDER === 'sandbox') {
    problems.push({
      setting: 'MAIL_PROVIDER',
      message: 'the e-mail sandbox is on (nothing leaves the outbox, and anyone can read it at /dev/mailbox): set MAIL_PROVIDER=smtp with SMTP_URL and MAIL_FROM',
    });
  }
  if (env.SEED === 'demo') {
    problems.push({ setting: 'SEED', message: 'the demo seed is on (demo tours, agents and customers are loaded): set SEED=none' });
  }
  if (!env.PUBLIC_URL) {
    problems.push({
      setting: 'PUBLIC_URL',
      message: "missing: the site's address (https://tours.example), so e-mail links and the card form never follow a forged Host",
    });
  }
  return problems;
}

/** The problems that stop a production server; none outside production, or with DEMO=1. */
export function productionProblems(env: DemoSettings): DemoProblem[] {
  if (env.NODE_ENV !== 'production' || env.DEMO) return [];
  return demoParts(env);
}

export const PRODUCTION_GUARD_HINT =
  'NODE_ENV is production, so the API does not start as a demo: configure the real services named above, or set DEMO=1 to run the demo with NODE_ENV=production on purpose.';
