ALTER TABLE "departures" ADD COLUMN "deposit_percent" integer;--> statement-breakpoint
-- Every booking made before a departure could set its own deposit was sold under the operator's 15% (DEPOSIT_PERCENT): written on them, then new bookings must say theirs.
ALTER TABLE "bookings" ADD COLUMN "deposit_percent" integer NOT NULL DEFAULT 15;--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "deposit_percent" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "departures" ADD CONSTRAINT "departures_deposit_percent_range" CHECK ("departures"."deposit_percent" is null or "departures"."deposit_percent" between 0 and 100);--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_deposit_percent_range" CHECK ("bookings"."deposit_percent" between 0 and 100);