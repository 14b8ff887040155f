import { ATTENTION_CODES, BOOKING_STATUSES, QUOTE_REASONS } from '@tours/domain';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { agentStaff, agents } from '../agents/schema.ts';
import { departures } from '../catalogue/schema/departures.ts';
import { createdAt, currencyCode, minorUnits, updatedAt } from '../../db/columns.ts';
import { customers } from '../customers/schema.ts';
import { departureOptions } from '../catalogue/schema/options.ts';
import type { Correspondence, InsuranceDetails, JoiningInformation, PassportDetails, PostalAddress } from '../../db/json-types.ts';
import { marketingSources, marketingSubsources } from '../marketing/schema.ts';
import { promotions } from '../promotions/schema.ts';

/** The domain's one list of statuses (packages/domain booking/statuses.ts); a new one needs a migration too. */
export const bookingStatus = pgEnum('booking_status', BOOKING_STATUSES);

/** A check's list of allowed codes, written out in the migration as the domain has them now. */
const inList = (values: readonly string[]) => sql.raw(`array[${values.map((value) => `'${value}'`).join(', ')}]::text[]`);

/**
 * The accent- and case-insensitive form of a name, as the domain's foldName
 * makes it (NFD, combining marks dropped, lower case, spaces collapsed), in
 * SQL: immutable, so a generated column can keep it and an index search it.
 */
export const foldedForSearch = (expression: string) =>
  sql.raw(`btrim(regexp_replace(lower(regexp_replace(normalize(${expression}, NFD), '[\\u0300-\\u036f]', '', 'g')), '\\s+', ' ', 'g'))`);

export const bookings = pgTable(
  'bookings',
  {
    // Booking ids are shown to customers as reference numbers, so they start at six digits.
    id: integer('id').primaryKey().generatedByDefaultAsIdentity({ startWith: 100001 }),
    /** Given at confirmation; until then the booking id is the reference. */
    reference: text('reference').unique(),
    status: bookingStatus('status').notNull().default('Quote'),
    currency: currencyCode('currency').notNull(),
    departureId: integer('departure_id')
      .notNull()
      .references(() => departures.id, { onDelete: 'restrict' }),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'restrict' }),
    agentId: integer('agent_id').references(() => agents.id, { onDelete: 'restrict' }),
    agentStaffId: integer('agent_staff_id'),
    marketingSourceId: integer('marketing_source_id').references(() => marketingSources.id, { onDelete: 'restrict' }),
    marketingSubsourceId: integer('marketing_subsource_id'),
    /** Free text when the visitor picked 'Other'. */
    marketingSourceDescription: text('marketing_source_description'),
    /** SHA-256 of the bearer token that lets an anonymous visitor continue this booking; the token itself is never stored. */
    tokenHash: text('token_hash').unique(),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true, mode: 'date' }),
    correspondence: jsonb('correspondence').$type<Correspondence>(),
    confirmedDate: timestamp('confirmed_date', { withTimezone: true, mode: 'date' }),
    /**
     * Staff must look at the booking: money was taken but it could not be
     * confirmed, a payment did not match what we asked for, or it was paid twice.
     */
    needsAttention: boolean('needs_attention').notNull().default(false),
    /** Why, in words for staff; the audit log holds the detail. */
    attentionReason: text('attention_reason'),
    /** Why, as the domain's stable code (ATTENTION_REASONS): the work queue filters by it, never by the words. */
    attentionCode: text('attention_code'),
    /**
     * Why the site could not go on with this quote (QUOTE_REASONS: no room
     * left for the party...): it showed the availability-error screen, and
     * staff call the customer back. The first reason is kept.
     */
    quoteReason: text('quote_reason'),
    /**
     * The deposit's percentage of the total this booking was sold under
     * (depositPercentFor its departure when it was made): a later change to
     * the departure never moves a deposit already asked for, paid or kept.
     */
    depositPercent: integer('deposit_percent').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Targets of the composite keys below: children share the booking's departure and currency.
    unique('bookings_id_departure_unique').on(t.id, t.departureId),
    unique('bookings_id_currency_unique').on(t.id, t.currency),
    index('bookings_customer_idx').on(t.customerId),
    index('bookings_departure_idx').on(t.departureId),
    // The staff follow-up queue: small, so a partial index.
    index('bookings_needs_attention_idx').on(t.id).where(sql`${t.needsAttention}`),
    // The staff console's lists: newest first, by status, by agent; quotes the site could not complete are few.
    index('bookings_created_idx').on(t.createdAt, t.id),
    index('bookings_status_created_idx').on(t.status, t.createdAt, t.id),
    index('bookings_agent_idx').on(t.agentId),
    index('bookings_quote_reason_idx').on(t.id).where(sql`${t.quoteReason} is not null`),
    foreignKey({
      name: 'bookings_agent_staff_fk',
      columns: [t.agentStaffId, t.agentId],
      foreignColumns: [agentStaff.id, agentStaff.agentId],
    }),
    foreignKey({
      name: 'bookings_marketing_subsource_fk',
      columns: [t.marketingSubsourceId, t.marketingSourceId],
      foreignColumns: [marketingSubsources.id, marketingSubsources.sourceId],
    }),
    check('bookings_staff_needs_agent', sql`${t.agentStaffId} is null or ${t.agentId} is not null`),
    check('bookings_token_pair', sql`(${t.tokenHash} is null) = (${t.tokenExpiresAt} is null)`),
    check('bookings_confirmed_has_reference', sql`${t.status} <> 'Confirmed' or ${t.reference} is not null`),
    check('bookings_confirmed_has_date', sql`${t.status} <> 'Confirmed' or ${t.confirmedDate} is not null`),
    check('bookings_attention_has_reason', sql`not ${t.needsAttention} or ${t.attentionReason} is not null`),
    check('bookings_attention_has_code', sql`not ${t.needsAttention} or ${t.attentionCode} is not null`),
    check('bookings_attention_code_known', sql`${t.attentionCode} is null or ${t.attentionCode} = any(${inList(ATTENTION_CODES)})`),
    check('bookings_deposit_percent_range', sql`${t.depositPercent} between 0 and 100`),
    check('bookings_quote_reason_known', sql`${t.quoteReason} is null or ${t.quoteReason} = any(${inList(QUOTE_REASONS)})`),
  ],
);

export const bookingPassengers = pgTable(
  'booking_passengers',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    /** 1 for the lead, 2 for the second participant. */
    position: integer('position').notNull(),
    isLead: boolean('is_lead').notNull().default(false),
    /** 'Adult' for adults, as the account area reads it. */
    type: text('type').notNull().default('Adult'),
    title: text('title').notNull(),
    givenName: text('given_name').notNull(),
    familyName: text('family_name').notNull(),
    email: text('email'),
    telephoneHome: text('telephone_home'),
    telephoneMobile: text('telephone_mobile'),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    address: jsonb('address').$type<PostalAddress>(),
    doNotEmail: boolean('do_not_email').notNull().default(false),
    doNotMail: boolean('do_not_mail').notNull().default(false),
    specialRequests: text('special_requests'),
    /** Passport details (APIS). */
    apis: jsonb('apis').$type<PassportDetails>(),
    insurance: jsonb('insurance').$type<InsuranceDetails>(),
    joiningInformation: jsonb('joining_information').$type<JoiningInformation>(),
    arrivalTime: text('arrival_time'),
    /** 'zoe muller': the name folded for the staff console's search (accents and case ignored), kept by the database. */
    searchName: text('search_name')
      .notNull()
      .generatedAlwaysAs(foldedForSearch(`given_name || ' ' || family_name`)),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('booking_passengers_booking_position_unique').on(t.bookingId, t.position),
    // Any part of a name or an e-mail address, found through trigrams (pg_trgm) rather than by reading every passenger.
    index('booking_passengers_search_name_trgm').using('gin', sql`${t.searchName} gin_trgm_ops`),
    index('booking_passengers_email_trgm').using('gin', sql`lower(${t.email}) gin_trgm_ops`),
    // Allocations reference (passenger, booking) so a passenger is never allocated on another booking.
    unique('booking_passengers_id_booking_unique').on(t.id, t.bookingId),
    uniqueIndex('booking_passengers_one_lead').on(t.bookingId).where(sql`${t.isLead}`),
    check('booking_passengers_position_positive', sql`${t.position} >= 1`),
  ],
);

export const COMPONENT_TYPES = ['Tour', 'Flight', 'Accommodation', 'Extra', 'AdditionalNight', 'PromotionalCode'] as const;
export type ComponentType = (typeof COMPONENT_TYPES)[number];
export const componentType = pgEnum('component_type', COMPONENT_TYPES);

/** A priced line of a booking, in the booking's currency. Promotions are negative lines. */
export const bookingComponents = pgTable(
  'booking_components',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    bookingId: integer('booking_id').notNull(),
    componentType: componentType('component_type').notNull(),
    name: text('name').notNull(),
    optionId: integer('option_id').references(() => departureOptions.id, { onDelete: 'restrict' }),
    promotionId: integer('promotion_id').references(() => promotions.id, { onDelete: 'restrict' }),
    /** Price of one unit (per person for tour places and options). */
    unitPrice: minorUnits('unit_price').notNull(),
    quantity: integer('quantity').notNull().default(1),
    /** unit_price times quantity, kept so totals are a plain sum. */
    price: minorUnits('price').notNull(),
    currency: currencyCode('currency').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('booking_components_booking_idx').on(t.bookingId),
    // A promotional code is applied to a booking once.
    uniqueIndex('booking_components_one_promotion').on(t.bookingId).where(sql`${t.componentType} = 'PromotionalCode'`),
    unique('booking_components_id_booking_unique').on(t.id, t.bookingId),
    foreignKey({
      name: 'booking_components_booking_currency_fk',
      columns: [t.bookingId, t.currency],
      foreignColumns: [bookings.id, bookings.currency],
    }).onDelete('cascade'),
    check('booking_components_quantity_positive', sql`${t.quantity} > 0`),
    check('booking_components_price_is_product', sql`${t.price} = ${t.unitPrice} * ${t.quantity}`),
    check(
      'booking_components_sign',
      sql`case when ${t.componentType} = 'PromotionalCode' then ${t.unitPrice} <= 0 and ${t.promotionId} is not null else ${t.unitPrice} >= 0 end`,
    ),
  ],
);
