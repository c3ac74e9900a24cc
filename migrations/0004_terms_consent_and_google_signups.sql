CREATE TABLE "google_signups" (
	"id" text PRIMARY KEY NOT NULL,
	"provider_user_id" text NOT NULL,
	"email" text NOT NULL,
	"full_name" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "agree_to_terms" SET DEFAULT false;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "terms_accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "terms_version" text;--> statement-breakpoint
CREATE INDEX "google_signups_expires_idx" ON "google_signups" USING btree ("expires_at");--> statement-breakpoint
-- Terms consent for accounts made by release 1 (issue 8, item 8), once the columns exist.
--
-- Release 1 wrote agree_to_terms = true for everyone. A password sign-up could not be
-- made without ticking the terms box, so its consent dates from its registration, against
-- the terms of 2025-06-30 (the only version there has been). A release-1 Google sign-up
-- never saw the terms: it is recognisable by its empty niche (the sign-up form requires
-- one), and its agree_to_terms becomes false until it accepts them.
UPDATE users SET terms_accepted_at = registered, terms_version = '2025-06-30' WHERE terms_accepted_at IS NULL AND niche <> '';--> statement-breakpoint
UPDATE users SET agree_to_terms = false WHERE terms_accepted_at IS NULL AND niche = '';
