CREATE TABLE "company_file_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" serial NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"key" text DEFAULT '' NOT NULL,
	"done_on" date,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_counters" (
	"seller" text PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seller" text NOT NULL,
	"sequence" integer NOT NULL,
	"number" text NOT NULL,
	"kind" text NOT NULL,
	"user_id" uuid,
	"checkout_session_id" text NOT NULL,
	"credited_invoice_id" uuid,
	"language" text NOT NULL,
	"content" jsonb NOT NULL,
	"vat_rate_basis_points" integer NOT NULL,
	"net_cents" integer NOT NULL,
	"vat_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "provider_payment_id" text;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "company_files" ADD COLUMN "reminder_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "reminders_stopped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "company_file_events" ADD CONSTRAINT "company_file_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_checkout_session_id_checkout_sessions_id_fk" FOREIGN KEY ("checkout_session_id") REFERENCES "public"."checkout_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "company_file_events_once" ON "company_file_events" USING btree ("user_id","kind","key");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_seller_sequence" ON "invoices" USING btree ("seller","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number" ON "invoices" USING btree ("number");--> statement-breakpoint
CREATE INDEX "invoices_user" ON "invoices" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "invoices_checkout_session" ON "invoices" USING btree ("checkout_session_id");--> statement-breakpoint
CREATE INDEX "checkout_sessions_provider_payment" ON "checkout_sessions" USING btree ("provider_payment_id");--> statement-breakpoint
-- The timeline of files that existed before it: what their rows already say.
INSERT INTO "company_file_events" ("user_id", "kind", "occurred_at") SELECT "user_id", 'draftStarted', "created_at" FROM "company_files";--> statement-breakpoint
INSERT INTO "company_file_events" ("user_id", "kind", "occurred_at") SELECT "user_id", 'submitted', "submitted_at" FROM "company_files" WHERE "submitted_at" IS NOT NULL;--> statement-breakpoint
INSERT INTO "company_file_events" ("user_id", "kind", "key", "details", "occurred_at") SELECT "user_id", 'paid', "id", jsonb_build_object('offerSku', "offer_sku", 'amountCents', "amount_cents", 'currency', "currency"), coalesce("completed_at", "created_at") FROM "checkout_sessions" WHERE "status" = 'paid' AND "user_id" IS NOT NULL;--> statement-breakpoint
-- Drafts already left for days when reminders began are not reminded all at once on deployment.
UPDATE "company_files" SET "reminder_sent_at" = now() WHERE "submitted_at" IS NULL AND "updated_at" < now() - interval '3 days';--> statement-breakpoint
INSERT INTO "company_file_events" ("user_id", "kind", "occurred_at") SELECT DISTINCT ON (f."user_id") f."user_id", 'documentsReady', greatest(f."submitted_at", p."created_at") FROM "company_files" f JOIN "purchases" p ON p."user_id" = f."user_id" AND p."product_sku" IN ('LEGAL_STATUSES', 'CERTIFICATES_OF_NON_CONVICTION_AND_AFFILIATION', 'LIST_OF_BENEFICIARIES') WHERE f."submitted_at" IS NOT NULL ORDER BY f."user_id", p."created_at";
