ALTER TABLE "mail_outbox" ADD COLUMN "template" text NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "params" jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "claim_id" text;