ALTER TABLE "payment_accounts" ADD COLUMN "mode" text DEFAULT 'connect' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_accounts" ADD COLUMN "account_name" text;--> statement-breakpoint
ALTER TABLE "payment_accounts" ADD COLUMN "secret_key" text;--> statement-breakpoint
ALTER TABLE "payment_accounts" ADD COLUMN "webhook_endpoint_id" text;--> statement-breakpoint
ALTER TABLE "payment_accounts" ADD COLUMN "webhook_secret" text;--> statement-breakpoint
ALTER TABLE "payment_accounts" ADD COLUMN "key_refused_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_accounts" ADD CONSTRAINT "payment_accounts_mode" CHECK (mode IN ('connect', 'key'));