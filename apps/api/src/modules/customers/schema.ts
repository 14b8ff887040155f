import { sql } from 'drizzle-orm';
import { check, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '../../db/columns.ts';
import type { PostalAddress } from '../../db/json-types.ts';

/** A person who books and later signs in with the e-mail address of the booking. */
export const customers = pgTable(
  'customers',
  {
    id: id(),
    /** Stored lower-case so sign-in matches regardless of how it was typed. */
    email: text('email').notNull().unique(),
    title: text('title').notNull().default(''),
    forename: text('forename').notNull(),
    surname: text('surname').notNull(),
    telephone: text('telephone'),
    address: jsonb('address').$type<PostalAddress>(),
    /** Subject of the identity provider's token, set at first sign-in. */
    identitySubject: text('identity_subject').unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('customers_email_normalised', sql`${t.email} = lower(btrim(${t.email})) and position('@' in ${t.email}) > 1`)],
);
