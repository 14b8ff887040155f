import { isStorableText } from '@tours/domain';
import { and, eq, lt, sql } from 'drizzle-orm';
import { errors, type Adapter, type AdapterPayload } from 'oidc-provider';
import type { Database } from '../../db/client.ts';
import { idpModels } from './schema.ts';

/**
 * oidc-provider's storage in PostgreSQL (idp_models), so sessions, grants,
 * codes and tokens survive a restart and every replica sees the same ones.
 * oidc-provider keeps its own clock (the real time), so expiry here is the
 * real time too; expired rows read as absent and the cleanup job deletes them.
 */
/** Whether every string of a payload (keys included) is one PostgreSQL stores in jsonb and a person could have typed. */
function storablePayload(root: unknown): boolean {
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value === 'string' && !isStorableText(value, true)) return false;
    if (Array.isArray(value)) stack.push(...value);
    else if (value && typeof value === 'object') for (const [key, item] of Object.entries(value)) stack.push(key, item);
  }
  return true;
}

export function postgresAdapter(db: Database): new (kind: string) => Adapter {
  const live = (kind: string, column: 'id' | 'uid' | 'userCode', value: string) =>
    and(
      eq(idpModels.kind, kind),
      eq(idpModels[column], value),
      sql`(${idpModels.expiresAt} is null or ${idpModels.expiresAt} > now())`,
    );

  const read = async (kind: string, column: 'id' | 'uid' | 'userCode', value: string): Promise<AdapterPayload | undefined> => {
    // Ids come from the visitor (query, form, cookie): one PostgreSQL cannot hold (a NUL) was never stored, and asking would be a 500.
    if (!isStorableText(value)) return undefined;
    const [row] = await db.select().from(idpModels).where(live(kind, column, value)).limit(1);
    if (!row) return undefined;
    return { ...row.payload, ...(row.consumedAt ? { consumed: Math.floor(row.consumedAt.getTime() / 1000) } : {}) } as AdapterPayload;
  };

  return class PostgresAdapter implements Adapter {
    constructor(private readonly kind: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      // The visitor's parameters (state, nonce, login_hint...) are kept in the payload: a NUL there is the client's bad request, not our 500.
      if (!storablePayload(payload)) throw new errors.InvalidRequest('a parameter holds characters that cannot be read');
      const values = {
        id,
        kind: this.kind,
        payload: payload as Record<string, unknown>,
        grantId: payload.grantId ?? null,
        userCode: payload.userCode ?? null,
        uid: payload.uid ?? null,
        expiresAt: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
      };
      // A transaction even for one statement: on PGlite it keeps the write out of another request's open transaction.
      await db.transaction((tx) =>
        tx
          .insert(idpModels)
          .values(values)
          .onConflictDoUpdate({
            target: [idpModels.kind, idpModels.id],
            set: { payload: values.payload, grantId: values.grantId, userCode: values.userCode, uid: values.uid, expiresAt: values.expiresAt },
          }),
      );
    }

    find(id: string) {
      return read(this.kind, 'id', id);
    }

    findByUid(uid: string) {
      return read(this.kind, 'uid', uid);
    }

    findByUserCode(userCode: string) {
      return read(this.kind, 'userCode', userCode);
    }

    async consume(id: string): Promise<void> {
      if (!isStorableText(id)) return;
      await db.transaction((tx) =>
        tx
          .update(idpModels)
          .set({ consumedAt: new Date() })
          .where(and(eq(idpModels.kind, this.kind), eq(idpModels.id, id))),
      );
    }

    async destroy(id: string): Promise<void> {
      if (!isStorableText(id)) return;
      await db.transaction((tx) => tx.delete(idpModels).where(and(eq(idpModels.kind, this.kind), eq(idpModels.id, id))));
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      // Every model of the grant (codes, access and refresh tokens), whatever this adapter's kind: that is what revoking a grant means.
      await db.transaction((tx) => tx.delete(idpModels).where(eq(idpModels.grantId, grantId)));
    }
  };
}

/** Deletes what has expired; oidc-provider never reads it again. */
export async function deleteExpiredModels(db: Database, now: Date): Promise<void> {
  await db.transaction((tx) => tx.delete(idpModels).where(lt(idpModels.expiresAt, now)));
}
