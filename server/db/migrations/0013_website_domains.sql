ALTER TABLE "websites" ADD COLUMN "domain" text;--> statement-breakpoint
ALTER TABLE "websites" ADD COLUMN "domain_token" text;--> statement-breakpoint
ALTER TABLE "websites" ADD COLUMN "domain_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "websites" ADD COLUMN "domain_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "websites" ADD COLUMN "domain_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "websites" ADD COLUMN "domain_problem" text;--> statement-breakpoint
CREATE UNIQUE INDEX "websites_verified_domain" ON "websites" USING btree ("domain") WHERE "websites"."domain_verified_at" is not null;