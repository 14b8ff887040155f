import { createHash, randomInt } from 'node:crypto';
import { normaliseRecoveryCode, RECOVERY_CODE_COUNT, RECOVERY_CODE_PATTERN } from '@tours/domain';
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { staffRecoveryCodes } from './schema.ts';

/**
 * One-time recovery codes: 80 random bits each (16 characters of Crockford's
 * base32), so a SHA-256 is enough to keep them (nobody can try 2^80 codes
 * against a stolen table), and a code is looked up by its hash, never
 * compared character by character.
 */

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const hashCode = (code: string) => createHash('sha256').update(code, 'utf8').digest('hex');

export function newRecoveryCode(): string {
  const characters = Array.from({ length: 16 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return characters.replace(/(.{4})(?=.)/g, '$1-');
}

/** Ten new codes for the member; any earlier ones stop working. Answered once, as they are: only hashes are kept. */
export async function issueRecoveryCodes(db: Database, memberId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffMemberId, memberId));
  await db.insert(staffRecoveryCodes).values(codes.map((code) => ({ staffMemberId: memberId, codeHash: hashCode(code) })));
  return codes;
}

/** The code's hash when it is shaped like one of ours (as typed: any case, spaces, I/L/O for 1/0), else null. */
export function recoveryCodeHash(typed: string): string | null {
  const code = normaliseRecoveryCode(typed);
  return RECOVERY_CODE_PATTERN.test(code) ? hashCode(code) : null;
}

/** Whether the member has this unused code, without using it (the rate limits count only wrong codes). */
export async function recoveryCodeUnused(db: Database, memberId: number, hash: string): Promise<boolean> {
  const [row] = await db
    .select({ id: staffRecoveryCodes.id })
    .from(staffRecoveryCodes)
    .where(and(eq(staffRecoveryCodes.staffMemberId, memberId), eq(staffRecoveryCodes.codeHash, hash), isNull(staffRecoveryCodes.usedAt)));
  return row !== undefined;
}

/** Uses the code up, atomically: of two requests with the same code, one gets true. */
export async function useRecoveryCode(db: Database, memberId: number, hash: string, now: SQL): Promise<boolean> {
  const used = await db
    .update(staffRecoveryCodes)
    .set({ usedAt: now })
    .where(and(eq(staffRecoveryCodes.staffMemberId, memberId), eq(staffRecoveryCodes.codeHash, hash), isNull(staffRecoveryCodes.usedAt)))
    .returning({ id: staffRecoveryCodes.id });
  return used.length === 1;
}

export async function recoveryCodesLeft(db: Database, memberId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(staffRecoveryCodes)
    .where(and(eq(staffRecoveryCodes.staffMemberId, memberId), isNull(staffRecoveryCodes.usedAt)));
  return row?.n ?? 0;
}
