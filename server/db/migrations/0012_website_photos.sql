CREATE TABLE "website_photos" (
	"id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"variant" text NOT NULL,
	"content_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "website_photos_id_variant_pk" PRIMARY KEY("id","variant")
);
--> statement-breakpoint
ALTER TABLE "website_photos" ADD CONSTRAINT "website_photos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "website_photos_user" ON "website_photos" USING btree ("user_id");