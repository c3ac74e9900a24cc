DROP INDEX "conversations_site_last_idx";--> statement-breakpoint
CREATE INDEX "conversations_site_last_idx" ON "conversations" USING btree ("site_id","last_message_at","id");