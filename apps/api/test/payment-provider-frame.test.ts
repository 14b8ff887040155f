import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { payTokens } from '../src/db/schema/index.ts';
import { hashToken } from '../src/modules/payment-provider/repository.ts';
import { createToken, MERCHANT_ORIGIN, submit } from './payment-provider-fixtures.ts';
import { build } from './helper.ts';

/** The frame's settings block, as frame.js reads it. */
function frameConfig(html: string): Record<string, unknown> {
  const match = /<script type="application\/json" id="pay-config">(.*?)<\/script>/s.exec(html);
  if (!match) throw new Error('no settings block in the frame');
  return JSON.parse(match[1]!);
}

describe('sandbox payment provider: browser side', () => {
  const server = build();
  const get = (url: string) => server.app.inject({ method: 'GET', url });

  it('serves sdk.js as JavaScript that any merchant page may load', async () => {
    const response = await get('/pay/sdk.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    expect(response.body).toContain('window.SandboxPay');
    expect(response.body).toContain('event.origin !== providerOrigin');
  });

  it('serves the frame script as JavaScript, with the module that shapes what is typed', async () => {
    const entry = await get('/pay/card-entry.js');
    expect(entry.statusCode).toBe(200);
    expect(entry.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(entry.body).toContain('export function formatExpiryTyping');
    const response = await get('/pay/frame.js');
    expect(response.body).toContain("from './card-entry.js'");
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
    // The frame never posts to '*': only to the token's allowed origin.
    expect(response.body).toContain('window.parent.postMessage({ source: SOURCE, ...message }, config.allowedOrigin)');
    expect(response.body).not.toMatch(/postMessage\([^)]*'\*'/);
  });

  describe('GET /pay/frame', () => {
    it('may be framed only by the allowed origin, and keeps the token out of referrers', async () => {
      const { token } = await createToken(server.app);
      const response = await get(`/pay/frame?token=${token}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['x-frame-options']).toBeUndefined();
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain(`frame-ancestors ${MERCHANT_ORIGIN}`);
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("form-action 'none'");
      expect(csp).toContain("default-src 'none'");
      // The merchant's relative logo is on the merchant's origin.
      expect(csp).toMatch(/img-src 'self' data: https:\/\/shop\.example(;|$)/);
      const nonce = /style-src 'nonce-([^']+)'/.exec(csp)![1];
      expect(response.body).toContain(`<style nonce="${nonce}">`);
    });

    it('shows an accessible form themed by the token, with the amount and the test cards', async () => {
      const { token } = await createToken(server.app, { theme: { primary_colour: '#1F3A5F', width: '480px' } });
      const html = (await get(`/pay/frame?token=${token}`)).body;
      expect(html).toContain('<html lang="en">');
      expect(html).toContain('<title>Pay £1,234.50 by card</title>');
      expect(html).toContain('<strong>£1,234.50</strong> <span class="pay__currency">GBP</span>');
      expect(html).toContain('>Pay £1,234.50</button>');
      expect(html).toContain('--primary:#1f3a5f;--on-primary:#ffffff');
      expect(html).toContain('--width:480px');
      expect(html).toContain('<img class="pay__logo" src="https://shop.example/logo.svg" alt="">');
      for (const [id, label] of [
        ['card_number', 'Card number'],
        ['expiry', 'Expiry date'],
        ['cvc', 'Security code'],
        ['name', 'Name on card'],
      ]) {
        expect(html).toContain(`<label for="${id}">${label}</label>`);
        expect(html).toMatch(new RegExp(`<input id="${id}"[^>]*aria-describedby="[^"]*${id}-error"`));
        expect(html).toContain(`<p class="field__error" id="${id}-error"></p>`);
      }
      expect(html).toMatch(/<input id="expiry"[^>]*aria-describedby="expiry-hint expiry-error"/);
      expect(html).toMatch(/<input id="name"[^>]*value="Ada Lovelace"/);
      // The number pad for every card field, and the browser's card autofill.
      expect(html).toMatch(/<input id="card_number"[^>]*autocomplete="cc-number" inputmode="numeric"/);
      expect(html).toMatch(/<input id="expiry"[^>]*autocomplete="cc-exp" inputmode="numeric" placeholder="MM \/ YY" maxlength="9"/);
      expect(html).toMatch(/<input id="cvc"[^>]*autocomplete="cc-csc" inputmode="numeric"/);
      expect(html).toContain('<p class="field__hint" id="expiry-hint">MM / YY</p>');
      expect(html).toContain('<link rel="modulepreload" href="card-entry.js">\n<script type="module" src="frame.js"></script>');
      expect(html).toContain('<button type="button" class="link-button" id="pay-cancel">Cancel</button>');
      expect(html).toContain('role="alert"');
      for (const card of ['4242 4242 4242 4242', '4000 0000 0000 0002', '4000 0000 0000 0069']) expect(html).toContain(`<code>${card}</code>`);
      expect(html).toContain('Use any future expiry date and any security code.');

      const config = frameConfig(html);
      expect(config).toMatchObject({ state: 'form', token, allowedOrigin: MERCHANT_ORIGIN });
      expect(config.expiresInMs).toBeGreaterThan(890_000);
    });

    it('formats each currency in its own locale and picks readable text on a light colour', async () => {
      const { token } = await createToken(server.app, { amount: '5000.00', currency: 'USD', theme: { primary_colour: '#f5d90a', width: '100%' } });
      const html = (await get(`/pay/frame?token=${token}`)).body;
      expect(html).toContain('<strong>$5,000.00</strong> <span class="pay__currency">USD</span>');
      expect(html).toContain('--primary:#f5d90a;--on-primary:#111111;--link:#1a1a1a');
    });

    it('escapes what the merchant sent', async () => {
      const { token } = await createToken(server.app, {
        account: { first_name: '<script>alert(1)</script>', last_name: '"Quote"', email: 'x@example.com' },
        logo: 'https://cdn.example/logo.svg?a=1&b="2"',
      });
      const html = (await get(`/pay/frame?token=${token}`)).body;
      expect(html).not.toContain('<script>alert(1)</script>');
      expect(html).toContain('value="&lt;script&gt;alert(1)&lt;/script&gt; &quot;Quote&quot;"');
      expect(html).toContain('src="https://cdn.example/logo.svg?a=1&amp;b=%222%22"');
    });

    it('shows a clear page for an unknown token, and says nothing to anyone', async () => {
      for (const url of ['/pay/frame?token=ptok_unknown', '/pay/frame']) {
        const response = await get(url);
        expect(response.statusCode).toBe(404);
        expect(response.body).toContain('<h1 id="pay-title">This payment request is not valid</h1>');
        expect(response.headers['content-security-policy']).toContain('frame-ancestors *');
        expect(frameConfig(response.body)).toEqual({ state: 'invalid' });
      }
    });

    it('shows an expired token as expired and tells the allowed origin', async () => {
      const { token } = await createToken(server.app);
      await server.app.db
        .update(payTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(payTokens.tokenHash, hashToken(token)));
      const response = await get(`/pay/frame?token=${token}`);
      expect(response.statusCode).toBe(410);
      expect(response.body).toContain('This payment request has expired');
      expect(response.body).not.toContain('<form');
      expect(response.headers['content-security-policy']).toContain(`frame-ancestors ${MERCHANT_ORIGIN}`);
      expect(frameConfig(response.body)).toEqual({ state: 'expired', allowedOrigin: MERCHANT_ORIGIN });
    });

    it('shows a paid token as complete', async () => {
      const { token } = await createToken(server.app);
      const paid = await submit(server.app, token);
      expect(paid.json().status).toBe('succeeded');
      const response = await get(`/pay/frame?token=${token}`);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('This payment is complete');
      expect(response.body).not.toContain('<form');
      expect(frameConfig(response.body)).toEqual({ state: 'completed', allowedOrigin: MERCHANT_ORIGIN });
    });
  });
});
