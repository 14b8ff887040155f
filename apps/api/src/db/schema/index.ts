/**
 * Every table, for drizzle (db/client.ts) and drizzle-kit (drizzle.config.ts):
 * an aggregate only. Each table is declared in the module that owns it and is
 * written only there (docs/decisions/0017-modules-own-their-tables.md).
 */
export * from '../columns.ts';
export * from '../../modules/catalogue/schema/departures.ts';
export * from '../../modules/catalogue/schema/options.ts';
export * from '../../modules/catalogue/schema/content.ts';
export * from '../../modules/customers/schema.ts';
export * from '../../modules/agents/schema.ts';
export * from '../../modules/marketing/schema.ts';
export * from '../../modules/promotions/schema.ts';
export * from '../../modules/bookings/schema.ts';
export * from '../../modules/inventory/schema.ts';
export * from '../../modules/payments/schema.ts';
export * from '../../modules/documents/schema.ts';
export * from '../../modules/mail/schema.ts';
export * from '../../modules/audit/schema.ts';
export * from '../seed/schema.ts';
export * from '../../modules/payment-provider/schema.ts';
export * from '../../modules/identity-provider/schema.ts';
export * from '../../modules/rate-limits/schema.ts';
export * from '../../modules/staff/schema.ts';
export * from '../../modules/staff-bookings/schema.ts';
export * from '../../modules/idempotency/schema.ts';
export * from '../../modules/file-storage/schema.ts';
