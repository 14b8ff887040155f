CREATE TYPE "public"."payment_intent_status" AS ENUM('open', 'cancelled', 'paid', 'expired');--> statement-breakpoint
ALTER TYPE "public"."payment_option" RENAME TO "payment_purpose";--> statement-breakpoint
ALTER TYPE "public"."payment_purpose" ADD VALUE 'balance';--> statement-breakpoint
ALTER TYPE "public"."payment_purpose" ADD VALUE 'one-off';--> statement-breakpoint
CREATE TABLE "payment_notifications" (
	"event_id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"provider_payment_id" text,
	"provider_request_id" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "pay_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_intents" RENAME COLUMN "option" TO "purpose";--> statement-breakpoint
ALTER TABLE "payments" RENAME COLUMN "option" TO "purpose";--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_confirmed_has_reference";--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_confirmed_has_date";--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "status" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "status" SET DATA TYPE text;--> statement-breakpoint
UPDATE "bookings" SET "status" = CASE "status" WHEN 'Pending' THEN 'Quote' WHEN 'Expired' THEN 'Cancelled' ELSE "status" END;--> statement-breakpoint
DROP TYPE "public"."booking_status";--> statement-breakpoint
CREATE TYPE "public"."booking_status" AS ENUM('Quote', 'Optional', 'Unconfirmed', 'Confirmed', 'Cancelled');--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "status" SET DATA TYPE "public"."booking_status" USING "status"::"public"."booking_status";--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "status" SET DEFAULT 'Quote'::"public"."booking_status";--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_confirmed_has_reference" CHECK ("bookings"."status" <> 'Confirmed' or "bookings"."reference" is not null);--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_confirmed_has_date" CHECK ("bookings"."status" <> 'Confirmed' or "bookings"."confirmed_date" is not null);--> statement-breakpoint
ALTER TABLE "payment_intents" ADD COLUMN "provider_request_id" text;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD COLUMN "status" "payment_intent_status" DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD COLUMN "cancel_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
UPDATE "payment_intents" SET "status" = CASE WHEN EXISTS (SELECT 1 FROM "payments" WHERE "payments"."intent_id" = "payment_intents"."id") THEN 'paid'::"payment_intent_status" ELSE 'expired'::"payment_intent_status" END;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "applied_at" timestamp with time zone;--> statement-breakpoint
UPDATE "payments" SET "applied_at" = "created_at";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pay_tokens" ADD COLUMN "request_id" text;--> statement-breakpoint
UPDATE "pay_tokens" SET "request_id" = 'preq_' || substr("token_hash", 1, 24);--> statement-breakpoint
ALTER TABLE "pay_tokens" ALTER COLUMN "request_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "pay_tokens" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "pay_events_due_idx" ON "pay_events" USING btree ("next_attempt_at") WHERE "pay_events"."delivered_at" is null;--> statement-breakpoint
CREATE INDEX "payment_intents_unsettled_idx" ON "payment_intents" USING btree ("expires_at") WHERE "payment_intents"."status" = 'open' or ("payment_intents"."status" = 'cancelled' and "payment_intents"."cancel_confirmed_at" is null);--> statement-breakpoint
CREATE INDEX "payments_unapplied_idx" ON "payments" USING btree ("created_at") WHERE "payments"."applied_at" is null and "payments"."status" = 'succeeded';--> statement-breakpoint
ALTER TABLE "payment_intents" ADD CONSTRAINT "payment_intents_provider_request_id_unique" UNIQUE("provider_request_id");--> statement-breakpoint
ALTER TABLE "pay_tokens" ADD CONSTRAINT "pay_tokens_request_id_unique" UNIQUE("request_id");--> statement-breakpoint
ALTER TABLE "payment_intents" ADD CONSTRAINT "payment_intents_cancelled_has_time" CHECK ("payment_intents"."status" <> 'cancelled' or "payment_intents"."cancelled_at" is not null);