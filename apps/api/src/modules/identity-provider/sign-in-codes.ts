import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { OPERATOR } from '@tours/domain';
import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { idpSignInCodes } from './schema.ts';
import { enqueueMail } from '../mail/index.ts';

/** A code works for this long after it is sent. */
export const CODE_TTL_MS = 10 * 60 * 1000;
/** The fifth wrong try voids the code: a 6-digit code can't be guessed in five. */
export const MAX_WRONG_TRIES = 5;
export const SIGN_IN_CODE_SUBJECT = 'Your sign-in code';

const hashOf = (secret: string, code: string) => createHmac('sha256', secret).update(code).digest('hex');

/** Six digits, leading zeros kept, from the CSPRNG. */
export const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

export function signInCodeMail(code: string): { subject: string; text: string; html: string } {
  const minutes = CODE_TTL_MS / 60_000;
  const text = [
    `Your sign-in code for ${OPERATOR.companyName} is ${code}`,
    '',
    `Type it on the sign-in page. It works once, for ${minutes} minutes.`,
    '',
    'If you did not ask to sign in, you can ignore this e-mail: nobody can sign in without the code.',
  ].join('\n');
  const html = `<p>Your sign-in code for ${OPERATOR.companyName} is</p><p style="font-size:28px;font-weight:700;letter-spacing:6px">${code}</p><p>Type it on the sign-in page. It works once, for ${minutes} minutes.</p><p>If you did not ask to sign in, you can ignore this e-mail: nobody can sign in without the code.</p>`;
  return { subject: SIGN_IN_CODE_SUBJECT, text, html };
}

/**
 * Sends a new code for this sign-in (oidc-provider interaction): any earlier
 * code of the sign-in stops working, the code is kept only as its HMAC, and
 * the e-mail is queued in the same transaction, so a code exists only if its
 * e-mail will go.
 */
export async function sendSignInCode(db: Database, input: { uid: string; email: string; secret: string; now: Date }): Promise<void> {
  const code = newCode();
  await db.transaction(async (tx) => {
    await tx
      .update(idpSignInCodes)
      .set({ consumedAt: input.now })
      .where(and(eq(idpSignInCodes.interactionUid, input.uid), isNull(idpSignInCodes.consumedAt)));
    await tx.insert(idpSignInCodes).values({
      interactionUid: input.uid,
      email: input.email,
      codeHash: hashOf(input.secret, code),
      expiresAt: new Date(input.now.getTime() + CODE_TTL_MS),
      createdAt: input.now,
    });
    await enqueueMail(tx, { to: input.email, ...signInCodeMail(code) });
  });
}

/** The sign-in's newest code, whatever its state: the page shows the code step while one was sent. */
export async function latestSignInCode(db: Database, uid: string) {
  const [row] = await db
    .select()
    .from(idpSignInCodes)
    .where(eq(idpSignInCodes.interactionUid, uid))
    .orderBy(desc(idpSignInCodes.id))
    .limit(1);
  return row ?? null;
}

/**
 * Whether `code` is the one this row was sent with, compared in constant
 * time. Read before a try is checked, so the rate limits count a wrong code
 * before it is answered and a right one not at all (sign-in-limits.ts).
 */
export function codeMatches(row: { codeHash: string }, code: string, secret: string): boolean {
  return timingSafeEqual(Buffer.from(hashOf(secret, code), 'hex'), Buffer.from(row.codeHash, 'hex'));
}

export type CodeCheck =
  | { outcome: 'accepted'; email: string }
  | { outcome: 'wrong'; triesLeft: number }
  | { outcome: 'voided' | 'expired' | 'used' | 'none' };

/**
 * Checks a typed code against the sign-in's newest code. The row is locked
 * while it is checked, so two tries at once (two tabs, two replicas) can
 * neither both use the code nor both count as the fifth try.
 */
export async function checkSignInCode(db: Database, input: { uid: string; code: string; secret: string; now: Date }): Promise<CodeCheck> {
  return db.transaction(async (tx): Promise<CodeCheck> => {
    const [row] = await tx
      .select()
      .from(idpSignInCodes)
      .where(eq(idpSignInCodes.interactionUid, input.uid))
      .orderBy(desc(idpSignInCodes.id))
      .limit(1)
      .for('update');
    if (!row) return { outcome: 'none' };
    if (row.failedAttempts >= MAX_WRONG_TRIES) return { outcome: 'voided' };
    if (row.consumedAt) return { outcome: 'used' };
    if (row.expiresAt.getTime() <= input.now.getTime()) return { outcome: 'expired' };
    if (codeMatches(row, input.code, input.secret)) {
      await tx.update(idpSignInCodes).set({ consumedAt: input.now }).where(eq(idpSignInCodes.id, row.id));
      return { outcome: 'accepted', email: row.email };
    }
    const failedAttempts = row.failedAttempts + 1;
    const voided = failedAttempts >= MAX_WRONG_TRIES;
    await tx
      .update(idpSignInCodes)
      .set({ failedAttempts: sql`${idpSignInCodes.failedAttempts} + 1`, ...(voided ? { consumedAt: input.now } : {}) })
      .where(eq(idpSignInCodes.id, row.id));
    return voided ? { outcome: 'voided' } : { outcome: 'wrong', triesLeft: MAX_WRONG_TRIES - failedAttempts };
  });
}

/** Codes past their expiry are worth nothing; an hour later they are deleted. */
export async function deleteExpiredCodes(db: Database, now: Date): Promise<void> {
  await db.transaction((tx) => tx.delete(idpSignInCodes).where(lt(idpSignInCodes.expiresAt, new Date(now.getTime() - 60 * 60 * 1000))));
}

/** Codes sent for one sign-in: a cap keeps anyone from flooding an inbox through one sign-in page. */
export const MAX_CODES_PER_SIGN_IN = 5;

export async function codesSent(db: Database, uid: string): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(idpSignInCodes).where(eq(idpSignInCodes.interactionUid, uid));
  return row?.count ?? 0;
}
