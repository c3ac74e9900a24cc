CREATE TABLE "import_items" (
	"site_id" uuid NOT NULL,
	"source" text NOT NULL,
	"kind" text NOT NULL,
	"source_key" text NOT NULL,
	"import_id" uuid NOT NULL,
	"target_id" text NOT NULL,
	CONSTRAINT "import_items_site_id_source_kind_source_key_pk" PRIMARY KEY("site_id","source","kind","source_key"),
	CONSTRAINT "import_items_kind_check" CHECK (kind IN ('post', 'media', 'member', 'user', 'tier', 'comment', 'design'))
);
--> statement-breakpoint
CREATE TABLE "imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"source" text NOT NULL,
	"status" text DEFAULT 'planned' NOT NULL,
	"file_name" text NOT NULL,
	"storage_key" text NOT NULL,
	"file_bytes" bigint NOT NULL,
	"source_url" text,
	"counts" jsonb NOT NULL,
	"tier_choices" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tier_map" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"invite_patrons" boolean DEFAULT false NOT NULL,
	"problems" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"progress" jsonb,
	"result" jsonb,
	"failure" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"undone_at" timestamp with time zone,
	CONSTRAINT "imports_source_check" CHECK (source IN ('substack', 'ghost', 'wordpress', 'patreon', 'mailchimp', 'platform')),
	CONSTRAINT "imports_status_check" CHECK (status IN ('planned', 'running', 'done', 'failed', 'undone'))
);
--> statement-breakpoint
CREATE TABLE "post_redirects" (
	"site_id" uuid NOT NULL,
	"path" text NOT NULL,
	"post_id" uuid NOT NULL,
	CONSTRAINT "post_redirects_site_id_path_pk" PRIMARY KEY("site_id","path")
);
--> statement-breakpoint
CREATE TABLE "site_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"storage_key" text,
	"bytes" bigint,
	"failure" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "site_exports_status_check" CHECK (status IN ('queued', 'running', 'ready', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "tier_stripe_prices" (
	"site_id" uuid NOT NULL,
	"stripe_price_id" text NOT NULL,
	"tier_id" uuid NOT NULL,
	"cadence" text NOT NULL,
	CONSTRAINT "tier_stripe_prices_site_id_stripe_price_id_pk" PRIMARY KEY("site_id","stripe_price_id"),
	CONSTRAINT "tier_stripe_prices_cadence_check" CHECK (cadence IN ('month', 'year'))
);
--> statement-breakpoint
ALTER TABLE "import_items" ADD CONSTRAINT "import_items_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_items" ADD CONSTRAINT "import_items_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_redirects" ADD CONSTRAINT "post_redirects_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_redirects" ADD CONSTRAINT "post_redirects_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_exports" ADD CONSTRAINT "site_exports_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tier_stripe_prices" ADD CONSTRAINT "tier_stripe_prices_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tier_stripe_prices" ADD CONSTRAINT "tier_stripe_prices_tier_id_tiers_id_fk" FOREIGN KEY ("tier_id") REFERENCES "public"."tiers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_items_import_idx" ON "import_items" USING btree ("import_id","kind");--> statement-breakpoint
CREATE INDEX "imports_site_created_idx" ON "imports" USING btree ("site_id","created_at");--> statement-breakpoint
CREATE INDEX "post_redirects_post_idx" ON "post_redirects" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "site_exports_site_created_idx" ON "site_exports" USING btree ("site_id","created_at");