-- mail_outbox.template/params are NOT NULL with no default, so the old rows go first.
-- Old rows hold rendered bodies with live links (issue 8, "Working links at rest") and cannot be
-- turned into a template and a user: they are deleted. A pending verification or reset mail at
-- upgrade time is lost; its user asks for a new one (the links it carried stop working anyway when
-- the next mail of that kind is sent).
DELETE FROM "mail_outbox";--> statement-breakpoint
CREATE TABLE "scheduled_jobs" (
	"name" text PRIMARY KEY NOT NULL,
	"last_started_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "template" text NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "params" jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "claim_id" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" DROP COLUMN "text_body";--> statement-breakpoint
ALTER TABLE "mail_outbox" DROP COLUMN "html_body";