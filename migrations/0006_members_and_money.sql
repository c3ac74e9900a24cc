CREATE TABLE "membership_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"membership_id" uuid NOT NULL,
	"site_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"tier_id" uuid,
	"amount" integer,
	"currency" text,
	"detail" text DEFAULT '' NOT NULL,
	"stripe_object_id" text,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "membership_events_kind_check" CHECK (kind IN ('joined', 'tier-changed', 'payment', 'payment-failed', 'refund', 'renewal-canceled', 'renewal-resumed', 'comped', 'ended', 'imported'))
);
--> statement-breakpoint
CREATE TABLE "payment_accounts" (
	"site_id" uuid PRIMARY KEY NOT NULL,
	"stripe_account_id" text NOT NULL,
	"details_submitted" boolean DEFAULT false NOT NULL,
	"charges_enabled" boolean DEFAULT false NOT NULL,
	"payouts_enabled" boolean DEFAULT false NOT NULL,
	"requirements_due" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"default_currency" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform_plans" (
	"user_id" text PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"trial_ends_at" timestamp with time zone NOT NULL,
	"current_period_end" timestamp with time zone,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"stripe_customer_id" text,
	"stripe_subscription_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "platform_plans_status_check" CHECK (status IN ('trialing', 'active', 'past_due', 'canceled', 'expired'))
);
--> statement-breakpoint
CREATE TABLE "post_tiers" (
	"post_id" uuid NOT NULL,
	"tier_id" uuid NOT NULL,
	CONSTRAINT "post_tiers_post_id_tier_id_pk" PRIMARY KEY("post_id","tier_id")
);
--> statement-breakpoint
CREATE TABLE "stripe_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"account" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "amount" integer;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "currency" text;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "subscribed_to_emails" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "labels" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "lifetime_value" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "feed_token_hash" text;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "past_due_access" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "membership_events" ADD CONSTRAINT "membership_events_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_events" ADD CONSTRAINT "membership_events_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_events" ADD CONSTRAINT "membership_events_tier_id_tiers_id_fk" FOREIGN KEY ("tier_id") REFERENCES "public"."tiers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_accounts" ADD CONSTRAINT "payment_accounts_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_plans" ADD CONSTRAINT "platform_plans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_tiers" ADD CONSTRAINT "post_tiers_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_tiers" ADD CONSTRAINT "post_tiers_tier_id_tiers_id_fk" FOREIGN KEY ("tier_id") REFERENCES "public"."tiers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "membership_events_membership_idx" ON "membership_events" USING btree ("membership_id","occurred_at");--> statement-breakpoint
CREATE INDEX "membership_events_site_idx" ON "membership_events" USING btree ("site_id","kind","occurred_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_accounts_stripe_account_unique" ON "payment_accounts" USING btree ("stripe_account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "platform_plans_subscription_unique" ON "platform_plans" USING btree ("stripe_subscription_id");--> statement-breakpoint
CREATE INDEX "post_tiers_tier_idx" ON "post_tiers" USING btree ("tier_id");--> statement-breakpoint
CREATE INDEX "memberships_site_created_idx" ON "memberships" USING btree ("site_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "memberships_subscription_unique" ON "memberships" USING btree ("stripe_subscription_id");--> statement-breakpoint
CREATE UNIQUE INDEX "memberships_feed_token_unique" ON "memberships" USING btree ("feed_token_hash");