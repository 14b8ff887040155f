import { randomUUID } from 'node:crypto';
import { and, eq, gt, lte, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { sqlAfter } from '../../lib/clock.ts';
import { staffWebauthnChallenges } from './schema.ts';

/**
 * WebAuthn challenges waiting for the browser's answer. In the database, so
 * the answer may reach any replica; each works once (taking it deletes it),
 * for one member and one purpose, for five minutes by the database's clock.
 */

export const CHALLENGE_TTL_MS = 5 * 60 * 1000;

/**
 * - 'sign-in-registration': a first sign-in (or after a reset) registers the member's passkey, which starts a session;
 * - 'registration': a signed-in member adds another passkey;
 * - 'authentication': a later sign-in proves a passkey.
 */
export type ChallengePurpose = 'sign-in-registration' | 'registration' | 'authentication';

export async function saveChallenge(db: Database, memberId: number, purpose: ChallengePurpose, challenge: string, now: SQL): Promise<string> {
  const id = randomUUID();
  await db.transaction(async (tx) => {
    // The member's lapsed challenges go with each new one: the table holds only what may still be answered.
    await tx.delete(staffWebauthnChallenges).where(and(eq(staffWebauthnChallenges.staffMemberId, memberId), lte(staffWebauthnChallenges.expiresAt, now)));
    await tx.insert(staffWebauthnChallenges).values({ id, staffMemberId: memberId, purpose, challenge, expiresAt: sqlAfter(now, CHALLENGE_TTL_MS) });
  });
  return id;
}

/** The challenge, used up; null when it is unknown, lapsed, used, another member's or for another purpose. */
export async function takeChallenge(db: Database, id: string, memberId: number, purpose: ChallengePurpose, now: SQL): Promise<string | null> {
  const [row] = await db.transaction((tx) =>
    tx
      .delete(staffWebauthnChallenges)
      .where(
        and(
          eq(staffWebauthnChallenges.id, id),
          eq(staffWebauthnChallenges.staffMemberId, memberId),
          eq(staffWebauthnChallenges.purpose, purpose),
          gt(staffWebauthnChallenges.expiresAt, now),
        ),
      )
      .returning({ challenge: staffWebauthnChallenges.challenge }),
  );
  return row?.challenge ?? null;
}
