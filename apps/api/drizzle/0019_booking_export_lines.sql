CREATE TABLE "booking_export_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "booking_export_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"booking_id" integer NOT NULL,
	"changed_by" "xid8" DEFAULT pg_current_xact_id() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_export_lines" (
	"booking_id" integer PRIMARY KEY NOT NULL,
	"format" text NOT NULL,
	"built_under" "pg_snapshot" NOT NULL,
	"head" text NOT NULL,
	"queue_days" daterange[]
);
--> statement-breakpoint
ALTER TABLE "booking_export_lines" ADD CONSTRAINT "booking_export_lines_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_export_changes_booking_idx" ON "booking_export_changes" USING btree ("booking_id");--> statement-breakpoint
-- The bookings CSV's read model learns of every change to what a line is written from here, in the writer's own transaction, whichever module
-- writes (docs/decisions/0021-bookings-export-read-model.md): one row per booking a statement touched, from its transition tables, so a bulk
-- write costs one insert.
CREATE FUNCTION "booking_export_rows_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO "booking_export_changes" ("booking_id") SELECT DISTINCT "booking_id" FROM "new_rows" WHERE "booking_id" IS NOT NULL;
	ELSIF TG_OP = 'DELETE' THEN
		INSERT INTO "booking_export_changes" ("booking_id") SELECT DISTINCT "booking_id" FROM "old_rows" WHERE "booking_id" IS NOT NULL;
	ELSE
		INSERT INTO "booking_export_changes" ("booking_id")
			SELECT "booking_id" FROM "new_rows" WHERE "booking_id" IS NOT NULL UNION SELECT "booking_id" FROM "old_rows" WHERE "booking_id" IS NOT NULL;
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
-- A booking's passengers, lines, payments, refunds, e-mails and queue items: each table's inserts, updates and deletes.
DO $$
DECLARE
	source text;
BEGIN
	FOREACH source IN ARRAY ARRAY['booking_passengers', 'booking_components', 'payments', 'refunds', 'outbox_messages', 'queue_items_dealt_with'] LOOP
		EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION booking_export_rows_changed()', source || '_export_insert', source);
		EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION booking_export_rows_changed()', source || '_export_update', source);
		EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION booking_export_rows_changed()', source || '_export_delete', source);
	END LOOP;
END $$;
--> statement-breakpoint
-- The booking's own row: a new booking has no line to make stale, and a deleted one takes its line with it (the foreign key's cascade).
CREATE FUNCTION "booking_export_bookings_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "booking_export_changes" ("booking_id") SELECT "id" FROM "new_rows";
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "bookings_export_update" AFTER UPDATE ON "bookings" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "booking_export_bookings_changed"();
--> statement-breakpoint
-- What a line reads of its departure, tour and agent: their bookings change when those do (staff's edits, rare), not when anything else of theirs does.
CREATE FUNCTION "booking_export_departure_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "booking_export_changes" ("booking_id") SELECT "id" FROM "bookings" WHERE "departure_id" = NEW."id";
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "departures_export_update" AFTER UPDATE ON "departures" FOR EACH ROW
	WHEN ((OLD."start_date", OLD."end_date", OLD."balance_due_days", OLD."tour_id") IS DISTINCT FROM (NEW."start_date", NEW."end_date", NEW."balance_due_days", NEW."tour_id"))
	EXECUTE FUNCTION "booking_export_departure_changed"();
--> statement-breakpoint
CREATE FUNCTION "booking_export_tour_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "booking_export_changes" ("booking_id")
		SELECT "bookings"."id" FROM "bookings" INNER JOIN "departures" ON "departures"."id" = "bookings"."departure_id" WHERE "departures"."tour_id" = NEW."id";
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "tours_export_update" AFTER UPDATE ON "tours" FOR EACH ROW
	WHEN ((OLD."code", OLD."name") IS DISTINCT FROM (NEW."code", NEW."name"))
	EXECUTE FUNCTION "booking_export_tour_changed"();
--> statement-breakpoint
CREATE FUNCTION "booking_export_agent_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "booking_export_changes" ("booking_id") SELECT "id" FROM "bookings" WHERE "agent_id" = NEW."id";
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "agents_export_update" AFTER UPDATE ON "agents" FOR EACH ROW
	WHEN ((OLD."code", OLD."name") IS DISTINCT FROM (NEW."code", NEW."name"))
	EXECUTE FUNCTION "booking_export_agent_changed"();
