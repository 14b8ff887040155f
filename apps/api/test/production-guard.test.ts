import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, type RawEnv } from '../src/config/index.ts';
import { BUILT_SERVER } from './api-process.ts';

/** Every real service configured: what a production deployment sets (no network is touched by loadConfig). */
const PRODUCTION: RawEnv = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://tours.example',
  DATABASE_URL: 'postgres://app@db:5432/tours',
  SEED: 'none',
  PAYMENT_PROVIDER: 'http',
  PAYMENT_PROVIDER_URL: 'https://pay.example',
  PAYMENT_SECRET_KEY: 'sk_live_0123456789abcdef',
  PAYMENT_WEBHOOK_SECRET: 'whsec_live_0123456789abcdef',
  IDENTITY_PROVIDER: 'oidc',
  OIDC_ISSUER: 'https://login.example/',
  POSTCODE_PROVIDER: 'http',
  POSTCODE_URL: 'https://postcodes.example/find/{postcode}',
  POSTCODE_API_KEY: 'postcode-key',
  GEOLOCATION_PROVIDER: 'http',
  GEOLOCATION_URL: 'https://geo.example/{ip}/json',
  GEOLOCATION_TOKEN: 'geo-token',
  MAIL_PROVIDER: 'smtp',
  SMTP_URL: 'smtps://mailer:secret@smtp.example:465',
  MAIL_FROM: 'Meridian Escorted Tours <bookings@tours.example>',
};

function refusal(env: RawEnv): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('loadConfig accepted the configuration');
}

const HINT = /NODE_ENV is production, so the API does not start as a demo: configure the real services named above, or set DEMO=1/;

describe('production is never a demo by accident', () => {
  it('accepts a fully configured production server, which is no demo', () => {
    const config = loadConfig(PRODUCTION);
    expect(config).toMatchObject({
      nodeEnv: 'production',
      demoParts: [],
      seed: 'none',
      payments: { provider: 'http', url: 'https://pay.example', onSite: false },
      identity: { provider: 'oidc', issuer: 'https://login.example/' },
      postcodes: { provider: 'http' },
      geolocation: { provider: 'http' },
      mail: { provider: 'smtp' },
    });
  });

  it('refuses the defaults in production, naming every sandbox, the demo seed and the missing address', () => {
    const message = refusal({ NODE_ENV: 'production' });
    expect(message).toContain('PAYMENT_PROVIDER: the card payments sandbox is on');
    expect(message).toContain('IDENTITY_PROVIDER: the identity provider sandbox at /idp is on');
    expect(message).toContain('POSTCODE_PROVIDER: the postcode lookup sandbox is on');
    expect(message).toContain('GEOLOCATION_PROVIDER: the geolocation sandbox is on');
    expect(message).toContain('MAIL_PROVIDER: the e-mail sandbox is on');
    expect(message).toContain('SEED: the demo seed is on');
    expect(message).toContain("PUBLIC_URL: missing: the site's address");
    expect(message).toMatch(HINT);
  });

  // One sandbox left on at a time: the refusal names that one, how to replace it, and nothing else.
  const sandboxes: [name: string, change: RawEnv, fix: RegExp][] = [
    ['card payments', { PAYMENT_PROVIDER: 'sandbox' }, /PAYMENT_PROVIDER: the card payments sandbox is on .*set PAYMENT_PROVIDER=http with PAYMENT_PROVIDER_URL, PAYMENT_SECRET_KEY and PAYMENT_WEBHOOK_SECRET/],
    // The sandbox answers at /idp only, so a real provider's issuer goes with it.
    ['identity provider', { IDENTITY_PROVIDER: 'sandbox', OIDC_ISSUER: '' }, /IDENTITY_PROVIDER: the identity provider sandbox at \/idp is on: set IDENTITY_PROVIDER=oidc with OIDC_ISSUER/],
    ['postcode lookup', { POSTCODE_PROVIDER: 'sandbox' }, /POSTCODE_PROVIDER: the postcode lookup sandbox is on .*set POSTCODE_PROVIDER=http with POSTCODE_URL and POSTCODE_API_KEY/],
    ['geolocation', { GEOLOCATION_PROVIDER: 'sandbox' }, /GEOLOCATION_PROVIDER: the geolocation sandbox is on .*set GEOLOCATION_PROVIDER=http with GEOLOCATION_URL/],
    ['e-mail (outbox only, /dev/mailbox)', { MAIL_PROVIDER: 'sandbox' }, /MAIL_PROVIDER: the e-mail sandbox is on .*\/dev\/mailbox.*set MAIL_PROVIDER=smtp with SMTP_URL and MAIL_FROM/],
    ['demo seed', { SEED: 'demo' }, /SEED: the demo seed is on .*set SEED=none/],
    ['site address', { PUBLIC_URL: '' }, /PUBLIC_URL: missing: the site's address/],
  ];
  for (const [name, change, fix] of sandboxes) {
    it(`refuses the ${name} alone in production, naming it and the fix`, () => {
      const message = refusal({ ...PRODUCTION, ...change });
      expect(message).toMatch(fix);
      expect(message).toMatch(HINT);
      const named = message.split('\n').filter((line) => /^ {2}[A-Z_]+:/.test(line));
      expect(named).toHaveLength(1);
    });
  }

  it('names the settings a real service is missing along with the sandboxes still on', () => {
    const message = refusal({ NODE_ENV: 'production', PUBLIC_URL: 'https://tours.example', SEED: 'none', PAYMENT_PROVIDER: 'http', MAIL_PROVIDER: 'smtp' });
    expect(message).toContain('PAYMENT_PROVIDER_URL: Required when PAYMENT_PROVIDER is http');
    expect(message).toContain('PAYMENT_SECRET_KEY: Required when PAYMENT_PROVIDER is http');
    expect(message).toContain('PAYMENT_WEBHOOK_SECRET: Required when PAYMENT_PROVIDER is http');
    expect(message).toContain('SMTP_URL: Required when MAIL_PROVIDER is smtp');
    expect(message).toContain('IDENTITY_PROVIDER: the identity provider sandbox');
    expect(message).not.toContain('PAYMENT_PROVIDER: the card payments sandbox');
    expect(message).not.toContain('SEED:');
  });

  it('runs the demo in production when the configuration says so with DEMO=1, and lists what makes it one', () => {
    for (const demo of ['1', 'true']) {
      const config = loadConfig({ NODE_ENV: 'production', DEMO: demo });
      expect(config.nodeEnv).toBe('production');
      expect(config.seed).toBe('demo');
      expect(config.demoParts).toEqual(['PAYMENT_PROVIDER', 'IDENTITY_PROVIDER', 'POSTCODE_PROVIDER', 'GEOLOCATION_PROVIDER', 'MAIL_PROVIDER', 'SEED', 'PUBLIC_URL']);
    }
    expect(refusal({ NODE_ENV: 'production', DEMO: '0' })).toMatch(HINT);
    expect(refusal({ NODE_ENV: 'production', DEMO: 'yes' })).toContain('DEMO: Use DEMO=1 to run the demo on purpose, or leave it unset');
  });

  it('leaves development and test alone: the sandboxes and the demo seed are their defaults', () => {
    expect(loadConfig({}).seed).toBe('demo');
    expect(loadConfig({ NODE_ENV: 'test' }).payments.provider).toBe('sandbox');
    expect(loadConfig({ NODE_ENV: 'development', TEST_FAULTS: 'true' }).testFaults).toBe(true);
  });

  it('keeps the test-only fault switch out of production, even in a demo or a fully configured one', () => {
    expect(refusal({ NODE_ENV: 'production', DEMO: '1', TEST_FAULTS: 'true' })).toContain('TEST_FAULTS: Test faults cannot be enabled when NODE_ENV is production');
    expect(refusal({ ...PRODUCTION, TEST_FAULTS: 'true' })).toContain('TEST_FAULTS: Test faults cannot be enabled when NODE_ENV is production');
  });

  it('stops the server process before it opens anything, with the refusal on stderr', () => {
    // Only the settings this test names: a developer's shell must not decide the outcome. The build, as production runs it.
    const env = { PATH: process.env.PATH, NODE_ENV: 'production', DATA_DIR: 'memory://', PORT: '0' };
    const result = spawnSync(process.execPath, [BUILT_SERVER], { env, encoding: 'utf8', timeout: 30_000 });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('PAYMENT_PROVIDER: the card payments sandbox is on');
    expect(result.stderr).toMatch(HINT);
    expect(result.stdout).not.toContain('listening');
  });
});
