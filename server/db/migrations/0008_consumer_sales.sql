ALTER TABLE "checkout_sessions" ADD COLUMN "consent" jsonb;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "billing" jsonb;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "list_price_cents" integer;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "credit" jsonb;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "parts" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "vat" jsonb;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "withdrawal" jsonb;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "buyer_country" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "vat_country" text;