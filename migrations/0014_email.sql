CREATE TABLE "email_disabled_members" (
	"membership_id" uuid PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"disabled_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_rate_slots" (
	"second" bigint PRIMARY KEY NOT NULL,
	"taken" integer NOT NULL,
	"last_grant" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_recipients" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "email_recipients_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"send_id" uuid NOT NULL,
	"membership_id" uuid NOT NULL,
	"variant" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"claim_id" uuid,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"error" text,
	"sent_at" timestamp with time zone,
	CONSTRAINT "email_recipients_variant_check" CHECK (variant IN ('full', 'join', 'upgrade')),
	CONSTRAINT "email_recipients_status_check" CHECK (status IN ('pending', 'sent', 'failed', 'skipped', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "email_sends" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"post_id" uuid NOT NULL,
	"site_id" uuid NOT NULL,
	"segment" text NOT NULL,
	"reply_to_creator" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"rendered" jsonb,
	"queued" integer DEFAULT 0 NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "email_sends_segment_check" CHECK (segment IN ('all', 'free', 'paid')),
	CONSTRAINT "email_sends_status_check" CHECK (status IN ('waiting', 'planning', 'sending', 'sent', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "email_welcomes" (
	"membership_id" uuid PRIMARY KEY NOT NULL,
	"taken_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_email_settings" (
	"site_id" uuid PRIMARY KEY NOT NULL,
	"welcome_text" text DEFAULT '' NOT NULL,
	"welcome_since" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "email_disabled_members" ADD CONSTRAINT "email_disabled_members_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_recipients" ADD CONSTRAINT "email_recipients_send_id_email_sends_id_fk" FOREIGN KEY ("send_id") REFERENCES "public"."email_sends"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_recipients" ADD CONSTRAINT "email_recipients_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_sends" ADD CONSTRAINT "email_sends_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_sends" ADD CONSTRAINT "email_sends_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_welcomes" ADD CONSTRAINT "email_welcomes_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_email_settings" ADD CONSTRAINT "site_email_settings_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "email_recipients_send_member_unique" ON "email_recipients" USING btree ("send_id","membership_id");--> statement-breakpoint
CREATE INDEX "email_recipients_pending_idx" ON "email_recipients" USING btree ("send_id","next_attempt_at") WHERE "email_recipients"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "email_sends_post_unique" ON "email_sends" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "email_sends_site_idx" ON "email_sends" USING btree ("site_id","created_at");