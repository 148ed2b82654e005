CREATE TABLE "website_logos" (
	"id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"variant" text NOT NULL,
	"content_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "website_logos_id_variant_pk" PRIMARY KEY("id","variant")
);
--> statement-breakpoint
CREATE TABLE "website_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"message" text NOT NULL,
	"language" text NOT NULL,
	"ip" text NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "websites" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"slug" text,
	"content" jsonb NOT NULL,
	"logo_id" uuid,
	"published_content" jsonb,
	"published_logo_id" uuid,
	"published_pages" jsonb,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "website_logos" ADD CONSTRAINT "website_logos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "website_messages" ADD CONSTRAINT "website_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "websites" ADD CONSTRAINT "websites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "website_logos_user" ON "website_logos" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "website_messages_user_created" ON "website_messages" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "websites_slug" ON "websites" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "websites_id" ON "websites" USING btree ("id");