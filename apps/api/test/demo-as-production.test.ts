import { get } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module of the scripts, without types.
import { demoEnvironment } from '../../../scripts/lib/demo-env.mjs';
import { loadConfig } from '../src/config/index.ts';
import { ApiProcess } from './api-process.ts';
import { createTestDatabase } from './helper.ts';
import { bookDayTrip, confirm, openPayment, payToken } from './payment-fixtures.ts';
import type { TestDatabase } from './test-database.ts';

type Env = Record<string, string | undefined>;

/** A GET to the server with the Host header a visitor's browser would send at that address; answers the status and body bytes. */
function getAs(url: string, host: string): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    get({ host: target.hostname, port: target.port, path: target.pathname, headers: { host } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}
const demo = demoEnvironment as (env: Env, interactive: boolean) => Env;

/**
 * `npm start` runs the demo as production runs (NODE_ENV=production, DEMO=1:
 * docs/decisions/0015-demo-runs-as-production.md), so libraries such as React
 * take their production builds. The whole demo must still work that way, at
 * whatever address it is opened: the sandboxes, the seed, the mailbox and a
 * booking paid and confirmed with its e-mail.
 */
describe('npm start: the demo with NODE_ENV=production and DEMO=1', () => {
  it('sets NODE_ENV=production and DEMO=1 unless the caller chose a NODE_ENV, and keeps logs pretty at a terminal', () => {
    expect(demo({}, false)).toMatchObject({ NODE_ENV: 'production', DEMO: '1' });
    expect(demo({}, false).LOG_FORMAT).toBeUndefined();
    expect(demo({}, true)).toMatchObject({ NODE_ENV: 'production', DEMO: '1', LOG_FORMAT: 'pretty' });
    expect(demo({ LOG_FORMAT: 'json' }, true).LOG_FORMAT).toBe('json');
    expect(demo({ NODE_ENV: 'development' }, true)).toEqual({ NODE_ENV: 'development' });
    expect(demo({ NODE_ENV: 'production', PUBLIC_URL: 'https://tours.example' }, true)).toEqual({ NODE_ENV: 'production', PUBLIC_URL: 'https://tours.example' });
  });

  it('passes the production guard with every sandbox, the demo seed and no PUBLIC_URL', () => {
    const config = loadConfig(demo({ PORT: '3000' }, false) as never, false);
    expect(config.nodeEnv).toBe('production');
    expect(config.publicUrl).toBeUndefined();
    expect(config.allowedOrigins).toEqual([]);
    expect(config.demoParts).toEqual(expect.arrayContaining(['PAYMENT_PROVIDER', 'IDENTITY_PROVIDER', 'MAIL_PROVIDER', 'SEED', 'PUBLIC_URL']));
    // Without DEMO=1 the same settings are refused: the demo is on purpose, never by accident.
    expect(() => loadConfig({ PORT: '3000', NODE_ENV: 'production' } as never, false)).toThrow(/DEMO=1/);
  });

  describe('served', () => {
    let database: TestDatabase;
    let api: ApiProcess;

    beforeAll(async () => {
      database = await createTestDatabase({ persistent: true });
      // As npm start gives it: no NODE_ENV of the caller's, no PUBLIC_URL; background sending on, as in the demo.
      const env = demo({}, false);
      api = await ApiProcess.start(database, {
        NODE_ENV: env.NODE_ENV,
        DEMO: env.DEMO,
        TEST_FAULTS: '',
        PAYMENT_WEBHOOK_RETRY_INTERVAL_MS: '1000',
        MAIL_RELAY_INTERVAL_MS: '200',
      });
    }, 240_000);

    afterAll(async () => {
      await api?.stop();
      await database?.drop();
    });

    it('serves the sandboxes at any address, and books, pays and confirms with the e-mail and its PDF in the mailbox', async () => {
      const app = api.asApp;
      const port = new URL(api.url).port;
      for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `192.168.1.20:${port}`]) {
        const discovery = await getAs(`${api.url}/idp/.well-known/openid-configuration`, host);
        expect(discovery.status, discovery.body.toString()).toBe(200);
        expect(JSON.parse(discovery.body.toString()).issuer).toBe(`http://${host}/idp`);
      }
      expect((await app.inject({ method: 'GET', url: '/dev/mailbox' })).statusCode).toBe(200);

      const { booking, totals } = await bookDayTrip(app);
      const paymentId = await payToken(app, (await openPayment(app, booking, totals.total)).token);
      const answer = await confirm(app, booking, paymentId);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json().data).toMatchObject({ status: 'confirmed', reference: expect.stringMatching(/^[A-Z]{3}-\d{6}$/) });

      type Sent = { booking_id: number; html: string | null; attachments: { url: string; content_type: string }[] };
      let sent: Sent | undefined;
      for (let attempt = 0; attempt < 100 && !sent; attempt++) {
        const mailbox = await app.inject({ method: 'GET', url: '/dev/mailbox.json' });
        sent = (mailbox.json().data.items as Sent[]).find((item) => item.booking_id === booking.id);
        if (!sent) await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(sent, 'the confirmation e-mail reached the sandbox mailbox').toBeDefined();
      // React's production build renders the same e-mail: the reference in its HTML part.
      expect(sent!.html).toContain(answer.json().data.reference);
      const pdf = await getAs(`${api.url}${sent!.attachments[0]!.url}`, `127.0.0.1:${port}`);
      expect(pdf.status).toBe(200);
      expect(pdf.body.subarray(0, 5).toString()).toBe('%PDF-');
    }, 120_000);
  });
});
