DROP INDEX "domains_hostname_unique";--> statement-breakpoint
ALTER TABLE "domains" ADD COLUMN "alternate_points" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Until now the www./apex twin of every active domain was served whatever its DNS said. Existing domains keep it
-- where their last check found it pointing at the platform (the optional records it stored), and lose it elsewhere;
-- the daily check of an active domain sets it again from then on.
UPDATE "domains" SET "alternate_points" = true WHERE EXISTS (SELECT 1 FROM jsonb_array_elements("records") AS "record" WHERE "record"->>'optional' = 'true' AND "record"->>'state' = 'found');--> statement-breakpoint
CREATE UNIQUE INDEX "domains_hostname_active_unique" ON "domains" USING btree ("hostname") WHERE "domains"."status" = 'active';
