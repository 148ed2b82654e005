CREATE TABLE "file_acts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"person_id" text NOT NULL,
	"act" text NOT NULL,
	"user_id" uuid,
	"digest" text NOT NULL,
	"snapshot" jsonb NOT NULL,
	"words" text NOT NULL,
	"language" text NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"given_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "file_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"person_id" text NOT NULL,
	"email" text NOT NULL,
	"language" text NOT NULL,
	"token_hash" text,
	"token_expires_at" timestamp with time zone,
	"status" text NOT NULL,
	"user_id" uuid,
	"invited_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"send_count" integer DEFAULT 1 NOT NULL,
	"reminder_sent_at" timestamp with time zone,
	"joined_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	CONSTRAINT "file_members_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "signatures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"document_id" uuid NOT NULL,
	"person_id" text NOT NULL,
	"user_id" uuid,
	"words" text NOT NULL,
	"language" text NOT NULL,
	"document_sha256" text NOT NULL,
	"code_sent_to" text NOT NULL,
	"code_verified_at" timestamp with time zone NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"signed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signing_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"round_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"person_id" text NOT NULL,
	"document_ids" jsonb NOT NULL,
	"code_hash" text NOT NULL,
	"sent_to" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signing_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"round_id" uuid NOT NULL,
	"sku" text NOT NULL,
	"title" text NOT NULL,
	"language" text NOT NULL,
	"file_name" text NOT NULL,
	"rank" integer NOT NULL,
	"signatories" jsonb NOT NULL,
	"pdf" "bytea" NOT NULL,
	"sha256" text NOT NULL,
	"sealed_pdf" "bytea",
	"sealed_sha256" text,
	"sealed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "signing_rounds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"status" text NOT NULL,
	"digest" text NOT NULL,
	"data" jsonb NOT NULL,
	"documents_date" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"voided_at" timestamp with time zone,
	"voided_changes" jsonb,
	"evidence_pdf" "bytea"
);
--> statement-breakpoint
ALTER TABLE "file_acts" ADD CONSTRAINT "file_acts_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_acts" ADD CONSTRAINT "file_acts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_members" ADD CONSTRAINT "file_members_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_members" ADD CONSTRAINT "file_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signatures" ADD CONSTRAINT "signatures_document_id_signing_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."signing_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signatures" ADD CONSTRAINT "signatures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_codes" ADD CONSTRAINT "signing_codes_round_id_signing_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."signing_rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_codes" ADD CONSTRAINT "signing_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_documents" ADD CONSTRAINT "signing_documents_round_id_signing_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."signing_rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_rounds" ADD CONSTRAINT "signing_rounds_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "file_acts_owner_person" ON "file_acts" USING btree ("owner_id","person_id","act");--> statement-breakpoint
CREATE UNIQUE INDEX "file_members_live" ON "file_members" USING btree ("owner_id","person_id") WHERE "file_members"."status" in ('invited', 'joined');--> statement-breakpoint
CREATE INDEX "file_members_user" ON "file_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "signatures_once" ON "signatures" USING btree ("document_id","person_id");--> statement-breakpoint
CREATE INDEX "signing_codes_user" ON "signing_codes" USING btree ("round_id","user_id");--> statement-breakpoint
CREATE INDEX "signing_documents_round" ON "signing_documents" USING btree ("round_id");--> statement-breakpoint
CREATE INDEX "signing_rounds_owner" ON "signing_rounds" USING btree ("owner_id","started_at");