CREATE TABLE "website_slug_holds" (
	"slug" text PRIMARY KEY NOT NULL,
	"user_id" uuid,
	"held_until" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "user_id" uuid;--> statement-breakpoint
ALTER TABLE "mail_queue" ADD COLUMN "contact_message_id" uuid;--> statement-breakpoint
ALTER TABLE "website_messages" ADD COLUMN "mailed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "website_slug_holds" ADD CONSTRAINT "website_slug_holds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "website_slug_holds_user" ON "website_slug_holds" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_queue" ADD CONSTRAINT "mail_queue_contact_message_id_contact_messages_id_fk" FOREIGN KEY ("contact_message_id") REFERENCES "public"."contact_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_messages_user" ON "contact_messages" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "mail_queue_contact_message" ON "mail_queue" USING btree ("contact_message_id");--> statement-breakpoint
-- Messages received before digests existed were each mailed to their owner.
UPDATE "website_messages" SET "mailed_at" = "created_at";--> statement-breakpoint
-- Mail about an earlier contact message names its reference (C- and the id's first 8 hex digits,
-- services/contact.ts) before any word its sender chose: linked to it, so that deleting the message
-- removes its mail too. A reference that two messages share links neither.
UPDATE "mail_queue" SET "contact_message_id" = "found"."message_id"
FROM (
  SELECT "mail_queue"."id" AS "mail_id", min("contact_messages"."id"::text)::uuid AS "message_id"
  FROM "mail_queue"
  JOIN "contact_messages"
    ON substring("mail_queue"."subject" from 'C-[0-9A-F]{8}')
       = 'C-' || upper(substr(replace("contact_messages"."id"::text, '-', ''), 1, 8))
  GROUP BY "mail_queue"."id"
  HAVING count(*) = 1
) AS "found"
WHERE "mail_queue"."id" = "found"."mail_id";
