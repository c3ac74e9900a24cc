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
CREATE INDEX "google_signups_expires_idx" ON "google_signups" USING btree ("expires_at");