import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { payPayments, payTokens } from '../src/db/schema/index.ts';
import { MAX_DECLINES_PER_TOKEN, hashToken } from '../src/modules/payment-provider/repository.ts';
import { CARDS, createToken, submit } from './payment-provider-fixtures.ts';
import { build } from './helper.ts';

const DECLINED = 'Your card was declined. Check the details or use another card.';

describe('sandbox payment provider: paying in the frame', () => {
  const server = build();

  const paymentsOf = async (token: string) => {
    const [row] = await server.app.db.select().from(payTokens).where(eq(payTokens.tokenHash, hashToken(token)));
    return server.app.db.select().from(payPayments).where(eq(payPayments.tokenId, row!.id));
  };
  const expireToken = (token: string) =>
    server.app.db
      .update(payTokens)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(payTokens.tokenHash, hashToken(token)));

  it('takes the succeeding test card once; a second submit answers the first payment', async () => {
    const { token } = await createToken(server.app);
    const first = await submit(server.app, token, { card_number: CARDS.succeeds });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const paid = first.json();
    expect(paid).toEqual({ status: 'succeeded', payment_id: expect.stringMatching(/^pay_[0-9a-f]{24}$/) });

    const again = await submit(server.app, token, { card_number: CARDS.declined, cvc: 'x' });
    expect(again.json()).toEqual(paid);
    const rows = await paymentsOf(token);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: paid.payment_id, status: 'succeeded', amount: 123450, currency: 'GBP', crmKey: '100042' });
  });

  it('declines the declined test card and lets the payer retry with another', async () => {
    const { token } = await createToken(server.app);
    const declined = await submit(server.app, token, { card_number: CARDS.declined });
    expect(declined.json()).toEqual({ status: 'declined', message: DECLINED });

    const retried = await submit(server.app, token, { card_number: CARDS.succeeds });
    expect(retried.json()).toMatchObject({ status: 'succeeded' });
    const rows = await paymentsOf(token);
    expect(rows.map((row) => [row.status, row.cardLast4, row.declineMessage])).toEqual(
      expect.arrayContaining([
        ['declined', '0002', DECLINED],
        ['succeeded', '4242', null],
      ]),
    );
  });

  it('declines any card that is not a test card, saying so', async () => {
    const { token } = await createToken(server.app);
    const response = await submit(server.app, token, { card_number: '5555 5555 5555 4444' });
    expect(response.json()).toEqual({ status: 'declined', message: 'This sandbox takes only its test cards; your card was not charged.' });
    expect((await paymentsOf(token))[0]).toMatchObject({ status: 'declined', cardBrand: 'mastercard', cardLast4: '4444' });
  });

  it("closes the token with 'Expired request' for the expired test card", async () => {
    const { token } = await createToken(server.app);
    expect((await submit(server.app, token, { card_number: CARDS.expiredRequest })).json()).toEqual({ status: 'expired' });
    // The form is over: even the succeeding card is refused now, and nothing was recorded.
    expect((await submit(server.app, token, { card_number: CARDS.succeeds })).json()).toEqual({ status: 'expired' });
    expect(await paymentsOf(token)).toHaveLength(0);
    expect((await server.app.inject({ method: 'GET', url: `/pay/frame?token=${token}` })).statusCode).toBe(410);
  });

  it('refuses a token older than its lifetime, whatever is typed', async () => {
    const { token } = await createToken(server.app);
    await expireToken(token);
    for (const card of [{ card_number: CARDS.succeeds }, { card_number: 'nonsense', cvc: '' }]) {
      const response = await submit(server.app, token, card);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'expired' });
    }
    expect(await paymentsOf(token)).toHaveLength(0);
  });

  it('closes a token after too many declines, so it cannot be used to test cards', async () => {
    const { token } = await createToken(server.app);
    for (let i = 0; i < MAX_DECLINES_PER_TOKEN; i += 1) {
      expect((await submit(server.app, token, { card_number: CARDS.declined })).json().status).toBe('declined');
    }
    expect((await submit(server.app, token, { card_number: CARDS.succeeds })).json()).toEqual({ status: 'expired' });
  });

  it('answers 401 for a token nobody issued', async () => {
    const response = await submit(server.app, 'ptok_not-a-token');
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('UNAUTHORIZED');
  });

  describe('field checks', () => {
    const now = new Date();
    const mmYY = (date: Date) => `${String(date.getUTCMonth() + 1).padStart(2, '0')}/${String(date.getUTCFullYear() % 100).padStart(2, '0')}`;
    const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 15));

    it.each([
      ['card_number', { card_number: '4242 4242 4242 4241' }, 'Enter a valid card number'],
      ['card_number', { card_number: '4242-4242-4242-4242' }, 'Enter a valid card number'],
      ['card_number', { card_number: '4242' }, 'Enter a valid card number'],
      ['card_number', { card_number: '' }, 'Enter a valid card number'],
      ['expiry', { expiry: '13/30' }, 'Enter a valid expiry date'],
      ['expiry', { expiry: mmYY(lastMonth) }, 'Enter a valid expiry date'],
      ['expiry', { expiry: '1/30' }, 'Enter a valid expiry date'],
      ['expiry', { expiry: '12/3' }, 'Enter a valid expiry date'],
      ['expiry', { expiry: '' }, 'Enter a valid expiry date'],
      ['cvc', { cvc: '12' }, 'Enter a valid security code'],
      ['cvc', { cvc: '12345' }, 'Enter a valid security code'],
      ['cvc', { cvc: '1a3' }, 'Enter a valid security code'],
      ['name', { name: '   ' }, 'Enter the name on the card'],
    ])('answers 400 for a bad %s (%j) with its message', async (field, card, message) => {
      const { token } = await createToken(server.app);
      const response = await submit(server.app, token, card);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields).toEqual({ [field]: message });
      expect(await paymentsOf(token)).toHaveLength(0);
    });

    it('reports every bad field at once', async () => {
      const { token } = await createToken(server.app);
      const response = await submit(server.app, token, { card_number: '1', expiry: 'x', cvc: '', name: '' });
      expect(Object.keys(response.json().error.fields).sort()).toEqual(['card_number', 'cvc', 'expiry', 'name']);
    });

    it.each([
      ['MMYY, as typed on a number pad', (date: Date) => mmYY(date).replace('/', '')],
      ['MM / YY, as the form writes it', (date: Date) => mmYY(date).replace('/', ' / ')],
      ['MM / YYYY', (date: Date) => `${mmYY(date).slice(0, 2)} / ${date.getUTCFullYear()}`],
    ])('takes an expiry typed %s', async (_, typed) => {
      const { token } = await createToken(server.app);
      const nextYear = new Date(Date.UTC(now.getUTCFullYear() + 1, 11, 15));
      const response = await submit(server.app, token, { expiry: typed(nextYear) });
      expect(response.json().status, response.body).toBe('succeeded');
    });

    it('takes a card to the end of its expiry month, spaces in the number and a 4-digit code', async () => {
      const { token } = await createToken(server.app);
      const response = await submit(server.app, token, { card_number: ' 4242 42424242 4242 ', expiry: mmYY(now), cvc: '1234' });
      expect(response.json().status).toBe('succeeded');
    });
  });

  it('takes one payment when the same token is submitted five times at once', async () => {
    const { token } = await createToken(server.app);
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => submit(server.app, token)));
    const bodies = answers.map((answer) => answer.json());
    expect(new Set(bodies.map((body) => body.status))).toEqual(new Set(['succeeded']));
    expect(new Set(bodies.map((body) => body.payment_id)).size).toBe(1);
    expect(await paymentsOf(token)).toHaveLength(1);
  });

  it('keeps one success per token in the database itself', async () => {
    const { token } = await createToken(server.app);
    const paid = (await submit(server.app, token)).json();
    const [row] = await paymentsOf(token);
    await expect(
      server.app.db.insert(payPayments).values({ ...row!, id: `${paid.payment_id.slice(0, -1)}x` }),
    ).rejects.toThrow();
    // A declined attempt after the fact is still possible to record (a retry history), a second success is not.
    await server.app.db.insert(payPayments).values({ ...row!, id: 'pay_declined_after', status: 'declined' });
  });

  it('never stores a card number or a security code', async () => {
    const { token } = await createToken(server.app);
    await submit(server.app, token, { card_number: CARDS.declined, cvc: '987' });
    await submit(server.app, token, { card_number: CARDS.succeeds, cvc: '9876' });
    const [tokenRow] = await queryRows<Record<string, unknown>>(
      server.app.db,
      sql`select * from pay_tokens where token_hash = ${hashToken(token)}`,
    );
    const paymentRows = await queryRows<Record<string, unknown>>(server.app.db, sql`select * from pay_payments where token_id = ${tokenRow!.id}`);
    expect(paymentRows).toHaveLength(2);
    // Random ids, digests and times aside, nothing stored may hold what was typed.
    const RANDOM = new Set(['id', 'token_id', 'token_hash', 'created_at', 'expires_at']);
    const stored = JSON.stringify(
      [tokenRow!, ...paymentRows].map((row) => Object.fromEntries(Object.entries(row).filter(([column]) => !RANDOM.has(column)))),
    );
    for (const secret of ['4242424242424242', '4242 4242', '4000000000000002', '424242', '987', '9876']) {
      expect(stored).not.toContain(secret);
    }
    expect(paymentRows.map((row) => row.card_last4).sort()).toEqual(['0002', '4242']);
  });
});
