CREATE TABLE "gifts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"sale_id" uuid NOT NULL,
	"tier_id" uuid NOT NULL,
	"months" integer NOT NULL,
	"status" text DEFAULT 'paid' NOT NULL,
	"recipient_email" text,
	"send_at" timestamp with time zone,
	"message" text DEFAULT '' NOT NULL,
	"code_hash" text NOT NULL,
	"sent_at" timestamp with time zone,
	"redeemed_at" timestamp with time zone,
	"redeemed_by_user_id" text,
	"ends_at" timestamp with time zone,
	"reminder_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gifts_status_check" CHECK (status IN ('paid', 'sent', 'redeemed', 'refunded')),
	CONSTRAINT "gifts_months_check" CHECK ("gifts"."months" in (1, 3, 6, 12))
);
--> statement-breakpoint
CREATE TABLE "offer_redemptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"offer_id" uuid NOT NULL,
	"site_id" uuid NOT NULL,
	"user_id" text,
	"stripe_checkout_session_id" text,
	"stripe_subscription_id" text,
	"status" text DEFAULT 'held' NOT NULL,
	"hold_until" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"redeemed_at" timestamp with time zone,
	CONSTRAINT "offer_redemptions_status_check" CHECK (status IN ('held', 'redeemed', 'released'))
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"tier_id" uuid NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"percent_off" integer,
	"amount_off" integer,
	"currency" text,
	"trial_days" integer,
	"duration" text DEFAULT 'once' NOT NULL,
	"duration_months" integer,
	"ends_at" timestamp with time zone,
	"redemption_limit" integer,
	"redemptions" integer DEFAULT 0 NOT NULL,
	"stripe_coupon_id" text,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offers_kind_check" CHECK (kind IN ('percent', 'amount', 'trial')),
	CONSTRAINT "offers_duration_check" CHECK (duration IN ('once', 'repeating', 'forever')),
	CONSTRAINT "offers_code_shape" CHECK ("offers"."code" ~ '^[a-z0-9][a-z0-9-]{0,38}[a-z0-9]$'),
	CONSTRAINT "offers_redemptions_within_limit" CHECK ("offers"."redemption_limit" is null or "offers"."redemptions" <= "offers"."redemption_limit")
);
--> statement-breakpoint
CREATE TABLE "product_files" (
	"product_id" uuid NOT NULL,
	"media_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_files_product_id_media_id_pk" PRIMARY KEY("product_id","media_id")
);
--> statement-breakpoint
CREATE TABLE "product_purchases" (
	"sale_id" uuid PRIMARY KEY NOT NULL,
	"product_id" uuid NOT NULL,
	"site_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"download_token_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price" integer NOT NULL,
	"currency" text NOT NULL,
	"cover_media_id" uuid,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_status_check" CHECK (status IN ('active', 'archived')),
	CONSTRAINT "products_price_positive" CHECK ("products"."price" > 0)
);
--> statement-breakpoint
CREATE TABLE "sales" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"buyer_user_id" text,
	"buyer_email" text,
	"stripe_checkout_session_id" text,
	"stripe_payment_intent_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "sales_kind_check" CHECK (kind IN ('gift', 'tip', 'product')),
	CONSTRAINT "sales_status_check" CHECK (status IN ('open', 'paid', 'expired', 'refunded')),
	CONSTRAINT "sales_amount_positive" CHECK ("sales"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "tips" (
	"sale_id" uuid PRIMARY KEY NOT NULL,
	"site_id" uuid NOT NULL,
	"post_id" uuid,
	"message" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "activity_events" DROP CONSTRAINT "activity_events_type_check";--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "tips" jsonb DEFAULT '{"enabled":false,"presets":[300,500,1000],"minimum":100,"maximum":50000}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "tiers" ADD COLUMN "trial_days" integer;--> statement-breakpoint
ALTER TABLE "site_days" ADD COLUMN "one_time_revenue" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_tier_id_tiers_id_fk" FOREIGN KEY ("tier_id") REFERENCES "public"."tiers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_redeemed_by_user_id_users_id_fk" FOREIGN KEY ("redeemed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_redemptions" ADD CONSTRAINT "offer_redemptions_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_redemptions" ADD CONSTRAINT "offer_redemptions_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_redemptions" ADD CONSTRAINT "offer_redemptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_tier_id_tiers_id_fk" FOREIGN KEY ("tier_id") REFERENCES "public"."tiers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_files" ADD CONSTRAINT "product_files_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_files" ADD CONSTRAINT "product_files_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_purchases" ADD CONSTRAINT "product_purchases_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_purchases" ADD CONSTRAINT "product_purchases_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_purchases" ADD CONSTRAINT "product_purchases_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_purchases" ADD CONSTRAINT "product_purchases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_cover_media_id_media_id_fk" FOREIGN KEY ("cover_media_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_buyer_user_id_users_id_fk" FOREIGN KEY ("buyer_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tips" ADD CONSTRAINT "tips_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tips" ADD CONSTRAINT "tips_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tips" ADD CONSTRAINT "tips_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gifts_sale_unique" ON "gifts" USING btree ("sale_id");--> statement-breakpoint
CREATE UNIQUE INDEX "gifts_code_unique" ON "gifts" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "gifts_site_idx" ON "gifts" USING btree ("site_id","created_at");--> statement-breakpoint
CREATE INDEX "gifts_unsent_idx" ON "gifts" USING btree ("send_at") WHERE "gifts"."status" = 'paid';--> statement-breakpoint
CREATE INDEX "offer_redemptions_offer_idx" ON "offer_redemptions" USING btree ("offer_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "offer_redemptions_session_unique" ON "offer_redemptions" USING btree ("stripe_checkout_session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "offers_site_code_unique" ON "offers" USING btree ("site_id","code");--> statement-breakpoint
CREATE INDEX "offers_tier_idx" ON "offers" USING btree ("tier_id");--> statement-breakpoint
CREATE INDEX "product_files_media_idx" ON "product_files" USING btree ("media_id");--> statement-breakpoint
CREATE INDEX "product_purchases_user_idx" ON "product_purchases" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "product_purchases_product_idx" ON "product_purchases" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_purchases_token_unique" ON "product_purchases" USING btree ("download_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "products_site_slug_unique" ON "products" USING btree ("site_id","slug");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_session_unique" ON "sales" USING btree ("stripe_checkout_session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_payment_intent_unique" ON "sales" USING btree ("stripe_payment_intent_id");--> statement-breakpoint
CREATE INDEX "sales_site_paid_idx" ON "sales" USING btree ("site_id","paid_at");--> statement-breakpoint
CREATE INDEX "sales_site_kind_idx" ON "sales" USING btree ("site_id","kind","created_at");--> statement-breakpoint
CREATE INDEX "tips_site_idx" ON "tips" USING btree ("site_id");--> statement-breakpoint
ALTER TABLE "activity_events" ADD CONSTRAINT "activity_events_type_check" CHECK (type IN ('joined', 'upgraded', 'downgraded', 'changed-tier', 'canceled', 'payment-failed', 'comped', 'imported', 'commented', 'messaged', 'post-published', 'email-sent', 'offer-redeemed', 'gift-bought', 'gift-redeemed', 'tipped', 'product-sold', 'refunded'));