CREATE TABLE "exchange_rates" (
	"currency" text NOT NULL,
	"day" date NOT NULL,
	"rate" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_rates_currency_day_pk" PRIMARY KEY("currency","day")
);
--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "consent" jsonb;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "billing" jsonb;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "list_price_cents" integer;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "credit" jsonb;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "parts" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "vat" jsonb;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "withdrawal" jsonb;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "buyer_country" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "vat_country" text;--> statement-breakpoint
ALTER TABLE "mail_queue" ADD COLUMN "checkout_session_id" text;--> statement-breakpoint
ALTER TABLE "mail_queue" ADD CONSTRAINT "mail_queue_checkout_session_id_checkout_sessions_id_fk" FOREIGN KEY ("checkout_session_id") REFERENCES "public"."checkout_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_queue_checkout_session" ON "mail_queue" USING btree ("checkout_session_id");