CREATE TABLE "activity_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"type" text NOT NULL,
	"user_id" text,
	"post_id" uuid,
	"detail" text DEFAULT '' NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activity_events_type_check" CHECK (type IN ('joined', 'changed-tier', 'canceled', 'payment-failed', 'comped', 'imported', 'commented', 'messaged', 'post-published', 'email-sent'))
);
--> statement-breakpoint
CREATE TABLE "page_months" (
	"site_id" uuid NOT NULL,
	"month" date NOT NULL,
	"path" text NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "page_months_site_id_month_path_pk" PRIMARY KEY("site_id","month","path")
);
--> statement-breakpoint
CREATE TABLE "referrer_days" (
	"site_id" uuid NOT NULL,
	"day" date NOT NULL,
	"host" text NOT NULL,
	"utm_source" text NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "referrer_days_site_id_day_host_utm_source_pk" PRIMARY KEY("site_id","day","host","utm_source")
);
--> statement-breakpoint
CREATE TABLE "site_days" (
	"site_id" uuid NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"visitors" integer DEFAULT 0 NOT NULL,
	"join_views" integer DEFAULT 0 NOT NULL,
	"new_members" integer DEFAULT 0 NOT NULL,
	"free_members" integer DEFAULT 0 NOT NULL,
	"paid_members" integer DEFAULT 0 NOT NULL,
	"mrr" integer DEFAULT 0 NOT NULL,
	"closed" boolean DEFAULT false NOT NULL,
	"rolled_up_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_days_site_id_day_pk" PRIMARY KEY("site_id","day")
);
--> statement-breakpoint
CREATE TABLE "site_suspensions" (
	"site_id" uuid PRIMARY KEY NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"suspended_by" text,
	"suspended_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visitor_days" (
	"site_id" uuid NOT NULL,
	"day" date NOT NULL,
	"visitor" text NOT NULL,
	CONSTRAINT "visitor_days_site_id_day_visitor_pk" PRIMARY KEY("site_id","day","visitor")
);
--> statement-breakpoint
ALTER TABLE "activity_events" ADD CONSTRAINT "activity_events_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_events" ADD CONSTRAINT "activity_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_events" ADD CONSTRAINT "activity_events_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_months" ADD CONSTRAINT "page_months_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrer_days" ADD CONSTRAINT "referrer_days_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_days" ADD CONSTRAINT "site_days_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_suspensions" ADD CONSTRAINT "site_suspensions_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_suspensions" ADD CONSTRAINT "site_suspensions_suspended_by_users_id_fk" FOREIGN KEY ("suspended_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_requests" ADD CONSTRAINT "support_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitor_days" ADD CONSTRAINT "visitor_days_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_events_site_idx" ON "activity_events" USING btree ("site_id","occurred_at","id");--> statement-breakpoint
CREATE INDEX "activity_events_site_type_idx" ON "activity_events" USING btree ("site_id","type","occurred_at","id");--> statement-breakpoint
CREATE INDEX "support_requests_user_idx" ON "support_requests" USING btree ("user_id","created_at");--> statement-breakpoint
-- Custom (issue 20): the roll-ups start from the page views counted before them, so a report covers the site's whole history (visitors were not counted then).
INSERT INTO "site_days" ("site_id", "day", "views", "join_views", "closed")
SELECT "site_id", "day", sum("views")::int, coalesce(sum("views") FILTER (WHERE "path" = '/join'), 0)::int, "day" < current_date - 1
FROM "page_views" GROUP BY "site_id", "day";--> statement-breakpoint
INSERT INTO "page_months" ("site_id", "month", "path", "views")
SELECT "site_id", date_trunc('month', "day")::date, "path", sum("views")::int
FROM "page_views" GROUP BY "site_id", date_trunc('month', "day")::date, "path";
