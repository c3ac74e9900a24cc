DROP INDEX "users_full_name_trgm_idx";--> statement-breakpoint
DROP INDEX "users_email_trgm_idx";--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "hostname" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "site_id" uuid;--> statement-breakpoint
-- Hand-edited: handoffs live a minute and old ones carry no state, so they are dropped before the column is required.
DELETE FROM "domain_handoffs";--> statement-breakpoint
ALTER TABLE "domain_handoffs" ADD COLUMN "state_hash" text NOT NULL;--> statement-breakpoint
CREATE INDEX "users_full_name_trgm_idx" ON "users" USING gin ("full_name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops) WITH (fastupdate=false);