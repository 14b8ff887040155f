import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { idpSignInCodes } from '../src/db/schema/index.ts';
import { build, testClock } from './helper.ts';
import { browser, codeFromOutbox, followToCallback, pkce, startSignIn, submitCode, submitEmail } from './identity-provider-flow.ts';

/** A sign-in up to the code step: the browser, its interaction page and the e-mailed code. */
async function atCodeStep(app: Parameters<typeof startSignIn>[0], email: string) {
  const b = browser();
  const interaction = await startSignIn(app, b, pkce().challenge);
  await submitEmail(app, b, interaction, email);
  return { b, interaction, code: await codeFromOutbox(app, email) };
}

const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
const errorOf = (body: string) => /<p class="error" id="code-error">([^<]+)<\/p>/.exec(body)?.[1]?.replace(/&#39;/g, "'");

describe('one-time sign-in codes', () => {
  const clock = testClock();
  const t = build({ clock });

  it('e-mails a 6-digit code through the outbox, keeping only its hash', async () => {
    const { b, interaction, code } = await atCodeStep(t.app, 'hash@example.com');
    const rows = await t.app.db.select().from(idpSignInCodes).where(eq(idpSignInCodes.email, 'hash@example.com'));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(code);
    const page = await b.get(t.app, `${interaction}?sent=1`);
    expect(page.body).toContain('We have sent a 6-digit code to hash@example.com. It works for 10 minutes.');
    expect(page.body).toMatch(/<label for="code">Sign-in code<\/label>/);
    expect(page.body).toContain('autocomplete="one-time-code"');
  });

  it('expires after 10 minutes', async () => {
    const { b, interaction, code } = await atCodeStep(t.app, 'late@example.com');
    clock.advance(10 * 60 + 1);
    const late = await b.post(t.app, `${interaction}/code`, { code });
    expect(late.statusCode).toBe(400);
    expect(errorOf(late.body)).toBe('This code has expired: codes work for 10 minutes. Please send a new code.');
    expect(late.body).toContain('aria-describedby="code-hint code-error"');
    expect(late.body).toContain('aria-invalid="true"');
  });

  it('works just before 10 minutes', async () => {
    const { b, interaction, code } = await atCodeStep(t.app, 'intime@example.com');
    clock.advance(9 * 60 + 50);
    expect(await submitCode(t.app, b, interaction, code)).toEqual(expect.any(String));
  });

  it('is single-use', async () => {
    const { b, interaction, code } = await atCodeStep(t.app, 'once@example.com');
    const first = await b.post(t.app, `${interaction}/code`, { code });
    expect(first.statusCode).toBe(303);
    // Typed again before the provider finished the sign-in (a second tab, a double submit): refused.
    const again = await b.post(t.app, `${interaction}/code`, { code });
    expect(again.statusCode).toBe(400);
    expect(errorOf(again.body)).toBe('This code has already been used. Please send a new code.');
    // Once the sign-in is over, its pages are gone too.
    expect(await followToCallback(t.app, b, first.headers.location as string)).toEqual(expect.any(String));
    const after = await b.post(t.app, `${interaction}/code`, { code });
    expect(after.statusCode).toBe(400);
    expect(after.body).toContain('This sign-in has expired');
  });

  it('dies after five wrong tries, even when the right code follows', async () => {
    const { b, interaction, code } = await atCodeStep(t.app, 'guess@example.com');
    for (let tries = 1; tries <= 4; tries += 1) {
      const wrong = await b.post(t.app, `${interaction}/code`, { code: wrongCode(code) });
      expect(wrong.statusCode).toBe(400);
      const left = 5 - tries;
      expect(errorOf(wrong.body)).toBe(`That code is not right. Please check the e-mail and try again (${left} ${left === 1 ? 'try' : 'tries'} left).`);
    }
    const fifth = await b.post(t.app, `${interaction}/code`, { code: wrongCode(code) });
    expect(errorOf(fifth.body)).toBe('That code was wrong five times, so it no longer works. Please send a new code.');
    const right = await b.post(t.app, `${interaction}/code`, { code });
    expect(right.statusCode).toBe(400);
    expect(errorOf(right.body)).toBe('That code was wrong five times, so it no longer works. Please send a new code.');

    // A new code works, and the old one does not.
    const resent = await b.post(t.app, `${interaction}/email`, { email: 'guess@example.com', resend: '1' });
    expect(resent.headers.location).toMatch(/\?sent=new$/);
    const page = await b.get(t.app, resent.headers.location as string);
    expect(page.body).toContain('We have sent a new code to guess@example.com. Only the newest code works.');
    const fresh = await codeFromOutbox(t.app, 'guess@example.com');
    expect(await submitCode(t.app, b, interaction, fresh)).toEqual(expect.any(String));
  });

  it('does not count a mistyped code (not six digits) as a try', async () => {
    const { b, interaction, code } = await atCodeStep(t.app, 'typo@example.com');
    const empty = await b.post(t.app, `${interaction}/code`, { code: '' });
    expect(errorOf(empty.body)).toBe('Please enter the 6-digit code from the e-mail.');
    const short = await b.post(t.app, `${interaction}/code`, { code: '12a4' });
    expect(errorOf(short.body)).toBe('The code is 6 digits, such as 123456.');
    const [row] = await t.app.db.select().from(idpSignInCodes).where(eq(idpSignInCodes.email, 'typo@example.com'));
    expect(row!.failedAttempts).toBe(0);
    expect(await submitCode(t.app, b, interaction, `${code.slice(0, 3)} ${code.slice(3)}`)).toEqual(expect.any(String));
  });

  it('asks again for a missing or invalid e-mail address, tied to the field', async () => {
    const b = browser();
    const interaction = await startSignIn(t.app, b, pkce().challenge);
    const page = await b.get(t.app, interaction);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<label for="email">E-mail address</label>');
    expect(page.headers['content-security-policy']).toMatch(/style-src 'nonce-/);
    const empty = await b.post(t.app, `${interaction}/email`, { email: ' ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('<p class="error" id="email-error">Please enter your e-mail address.</p>');
    const invalid = await b.post(t.app, `${interaction}/email`, { email: 'not-an-address' });
    expect(invalid.body).toContain('Please enter a valid e-mail address, such as name@example.com.');
    expect(invalid.body).toContain('aria-describedby="email-hint email-error"');
    expect(invalid.body).toContain('value="not-an-address"');
  });

  it('says a sign-in has expired when its cookie is missing, and cancels back to the web app', async () => {
    const b = browser();
    const interaction = await startSignIn(t.app, b, pkce().challenge);
    const stranger = await browser().get(t.app, interaction);
    expect(stranger.statusCode).toBe(400);
    expect(stranger.body).toContain('This sign-in has expired or was started in another browser.');
    const cancelled = await b.post(t.app, `${interaction}/cancel`, {});
    const back = await b.get(t.app, cancelled.headers.location as string);
    const callback = new URL(back.headers.location as string);
    expect(callback.pathname).toBe('/auth/callback');
    expect(callback.searchParams.get('error')).toBe('access_denied');
  });
});
