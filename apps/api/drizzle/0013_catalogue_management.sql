CREATE TYPE "public"."departure_status" AS ENUM('open', 'on_request', 'closed');--> statement-breakpoint
ALTER TABLE "departures" ADD COLUMN "status" "departure_status" DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE "departures" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "departures" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "tours" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "departure_options" ADD COLUMN "closed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- A departure closed to online booking before departures had a status was on request: it was listed and shown as such.
UPDATE "departures" SET "status" = 'on_request' WHERE NOT "available_to_book";
