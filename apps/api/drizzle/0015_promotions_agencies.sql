CREATE TABLE "promotion_tours" (
	"promotion_id" integer NOT NULL,
	"tour_code" text NOT NULL,
	CONSTRAINT "promotion_tours_promotion_id_tour_code_pk" PRIMARY KEY("promotion_id","tour_code"),
	CONSTRAINT "promotion_tours_code_upper" CHECK ("promotion_tours"."tour_code" = upper("promotion_tours"."tour_code"))
);
--> statement-breakpoint
ALTER TABLE "agent_staff" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "agent_staff" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "percent_off" integer;--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "max_uses" integer;--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "max_uses_per_customer" integer;--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "promotion_tours" ADD CONSTRAINT "promotion_tours_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_staff" ADD CONSTRAINT "agent_staff_version_positive" CHECK ("agent_staff"."version" > 0);--> statement-breakpoint
ALTER TABLE "agents" ADD CONSTRAINT "agents_version_positive" CHECK ("agents"."version" > 0);--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_percent_range" CHECK ("promotions"."percent_off" is null or "promotions"."percent_off" between 1 and 100);--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_limits_positive" CHECK (("promotions"."max_uses" is null or "promotions"."max_uses" > 0) and ("promotions"."max_uses_per_customer" is null or "promotions"."max_uses_per_customer" > 0));--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_version_positive" CHECK ("promotions"."version" > 0);