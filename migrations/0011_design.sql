CREATE TABLE "site_design_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"design" jsonb NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_designs" (
	"site_id" uuid PRIMARY KEY NOT NULL,
	"draft" jsonb,
	"published" jsonb,
	"revision" integer DEFAULT 0 NOT NULL,
	"published_version" integer DEFAULT 0 NOT NULL,
	"published_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_designs_revision_positive" CHECK ("site_designs"."revision" >= 0)
);
--> statement-breakpoint
ALTER TABLE "site_design_versions" ADD CONSTRAINT "site_design_versions_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_designs" ADD CONSTRAINT "site_designs_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "site_design_versions_site_version" ON "site_design_versions" USING btree ("site_id","version");