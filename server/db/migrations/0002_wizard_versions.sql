ALTER TABLE "company_files" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "company_files" ADD COLUMN "set_aside" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "company_files" ADD COLUMN "submitted_version" integer;