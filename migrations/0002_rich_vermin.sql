CREATE TABLE "scheduled_jobs" (
	"name" text PRIMARY KEY NOT NULL,
	"last_started_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" DROP COLUMN "text_body";--> statement-breakpoint
ALTER TABLE "mail_outbox" DROP COLUMN "html_body";