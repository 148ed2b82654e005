CREATE TABLE "company_files" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"revision" integer NOT NULL,
	"step" integer DEFAULT 0 NOT NULL,
	"data" jsonb NOT NULL,
	"submitted_data" jsonb,
	"submitted_revision" integer,
	"submitted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company_files" ADD CONSTRAINT "company_files_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;