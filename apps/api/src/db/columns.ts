import { CURRENCIES } from '@tours/domain';
import { integer, pgEnum, timestamp } from 'drizzle-orm/pg-core';

/** The currencies we sell in; a new one needs a migration as well as a domain change. */
export const currencyCode = pgEnum('currency_code', CURRENCIES);

/** Surrogate keys: identity columns, so explicit ids in seeds never collide with the sequence. */
export const id = () => integer('id').primaryKey().generatedByDefaultAsIdentity();

/** Money is an integer count of minor units (ADR 0001); never a float. */
export const minorUnits = (name: string) => integer(name);

export const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true, mode: 'date' })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
