CREATE TABLE "document_link_keys" (
	"name" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "documents" DROP CONSTRAINT "documents_storage_key_unique";--> statement-breakpoint
ALTER TABLE "documents" ALTER COLUMN "template" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "documents" DROP COLUMN "storage_key";--> statement-breakpoint
ALTER TABLE "documents" DROP COLUMN "file_name";--> statement-breakpoint
ALTER TABLE "documents" DROP COLUMN "content_type";--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_booking_template_unique" UNIQUE("booking_id","template");--> statement-breakpoint
-- Bookings settled before confirmation issued documents get the ones it issues now (modules/documents/repository.ts issueConfirmationDocuments).
INSERT INTO "documents" ("booking_id", "template")
SELECT b."id", t."template"
FROM "bookings" b
CROSS JOIN (VALUES ('CustomerInvoice'), ('BalanceReminder3'), ('ATOLPackage')) AS t("template")
WHERE b."reference" IS NOT NULL
  AND b."status" IN ('Confirmed', 'Optional')
  AND (t."template" <> 'ATOLPackage' OR EXISTS (SELECT 1 FROM "booking_components" c WHERE c."booking_id" = b."id" AND c."component_type" = 'Flight'))
ON CONFLICT ("booking_id", "template") DO NOTHING;
