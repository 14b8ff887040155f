import { sql } from 'drizzle-orm';
import { check, customType, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';

/** Bytes as PostgreSQL's bytea: node-postgres answers a Buffer, PGlite a Uint8Array; both leave as a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * The files of the `postgres` file storage (the default): one row a file, so
 * every replica reads what any of them stored. Written only through the
 * file-storage module's port.
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    key: text('key').primaryKey(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [check('stored_files_size_matches', sql`${t.size} = octet_length(${t.bytes})`)],
);
