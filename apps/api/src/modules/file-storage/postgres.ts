import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { assertStorageKey, type FileStorage } from './port.ts';
import { storedFiles } from './schema.ts';

/** Files as rows of stored_files, on PGlite or a PostgreSQL server alike. */
export function createPostgresFileStorage(db: Database): FileStorage {
  return {
    provider: 'postgres',
    async put(key, bytes, contentType) {
      assertStorageKey(key);
      await db
        .insert(storedFiles)
        .values({ key, contentType, size: bytes.length, bytes })
        .onConflictDoUpdate({ target: storedFiles.key, set: { contentType, size: bytes.length, bytes, createdAt: sql`now()` } });
    },
    async get(key) {
      assertStorageKey(key);
      const [row] = await db.select({ bytes: storedFiles.bytes, contentType: storedFiles.contentType }).from(storedFiles).where(eq(storedFiles.key, key));
      return row ?? null;
    },
    async delete(key) {
      assertStorageKey(key);
      await db.delete(storedFiles).where(eq(storedFiles.key, key));
    },
  };
}
