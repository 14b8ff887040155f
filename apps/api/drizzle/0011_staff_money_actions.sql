CREATE TYPE "public"."offline_payment_method" AS ENUM('bank_transfer', 'agency', 'cheque', 'cash');--> statement-breakpoint
CREATE TYPE "public"."refund_status" AS ENUM('pending', 'succeeded', 'failed');--> statement-breakpoint
CREATE TYPE "public"."pay_refund_status" AS ENUM('succeeded', 'failed');--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" integer PRIMARY KEY DEFAULT nextval('payments_id_seq') NOT NULL,
	"payment_id" integer NOT NULL,
	"booking_id" integer NOT NULL,
	"currency" "currency_code" NOT NULL,
	"amount" integer NOT NULL,
	"status" "refund_status" DEFAULT 'pending' NOT NULL,
	"provider" text NOT NULL,
	"provider_refund_id" text,
	"idempotency_key" text NOT NULL,
	"reason" text NOT NULL,
	"staff_member_id" integer NOT NULL,
	"failure_reason" text,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "refunds_provider_refund_id_unique" UNIQUE("provider_refund_id"),
	CONSTRAINT "refunds_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "refunds_amount_positive" CHECK ("refunds"."amount" > 0),
	CONSTRAINT "refunds_settled_has_time" CHECK (("refunds"."status" = 'pending') = ("refunds"."settled_at" is null)),
	CONSTRAINT "refunds_failed_has_reason" CHECK ("refunds"."status" <> 'failed' or "refunds"."failure_reason" is not null)
);
--> statement-breakpoint
CREATE TABLE "pay_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_id" text NOT NULL,
	"status" "pay_refund_status" NOT NULL,
	"amount" integer NOT NULL,
	"currency" "currency_code" NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pay_refunds_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "pay_refunds_amount_positive" CHECK ("pay_refunds"."amount" > 0),
	CONSTRAINT "pay_refunds_failed_has_reason" CHECK ("pay_refunds"."status" <> 'failed' or "pay_refunds"."failure_reason" is not null)
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"key" text PRIMARY KEY NOT NULL,
	"operation" text NOT NULL,
	"request_hash" text NOT NULL,
	"staff_member_id" integer NOT NULL,
	"result" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_booking_currency_fk";
--> statement-breakpoint
ALTER TABLE "payment_notifications" ADD COLUMN "provider_refund_id" text;--> statement-breakpoint
-- Every payment so far is in its booking's currency (a foreign key kept it so): the column starts as a copy of it.
ALTER TABLE "payments" ADD COLUMN "booking_currency" "currency_code";--> statement-breakpoint
UPDATE "payments" SET "booking_currency" = "currency";--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "booking_currency" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "offline_method" "offline_payment_method";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "payer_reference" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "received_on" date;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "recorded_by" integer;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_staff_member_id_staff_members_id_fk" FOREIGN KEY ("staff_member_id") REFERENCES "public"."staff_members"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_id_booking_currency_unique" UNIQUE("id","booking_id","currency");--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_fk" FOREIGN KEY ("payment_id","booking_id","currency") REFERENCES "public"."payments"("id","booking_id","currency") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_refunds" ADD CONSTRAINT "pay_refunds_payment_id_pay_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."pay_payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_staff_member_id_staff_members_id_fk" FOREIGN KEY ("staff_member_id") REFERENCES "public"."staff_members"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refunds_payment_idx" ON "refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "refunds_booking_idx" ON "refunds" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "refunds_pending_idx" ON "refunds" USING btree ("created_at") WHERE "refunds"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "pay_refunds_payment_idx" ON "pay_refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "idempotency_keys_staff_member_idx" ON "idempotency_keys" USING btree ("staff_member_id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_recorded_by_staff_members_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."staff_members"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_booking_currency_fk" FOREIGN KEY ("booking_id","booking_currency") REFERENCES "public"."bookings"("id","currency") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_offline_in_booking_currency" CHECK ("payments"."offline_method" is null or "payments"."currency" = "payments"."booking_currency");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_offline_details" CHECK (("payments"."provider" = 'offline') = ("payments"."offline_method" is not null) and ("payments"."offline_method" is null or ("payments"."payer_reference" is not null and "payments"."received_on" is not null and "payments"."recorded_by" is not null)));--> statement-breakpoint
-- A failed card refund is one more reason staff look at a booking (ATTENTION_REASONS).
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_attention_code_known";--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_attention_code_known" CHECK ("bookings"."attention_code" is null or "bookings"."attention_code" = any(array['places-gone', 'confirm-failed', 'unmatched-payment', 'outdated-payment', 'other-currency', 'paid-after-settlement', 'overpaid', 'refund-failed']::text[]));
