CREATE TABLE "member_notice_digests" (
	"site_id" uuid NOT NULL,
	"day" date NOT NULL,
	"taken_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_notice_digests_site_id_day_pk" PRIMARY KEY("site_id","day")
);
--> statement-breakpoint
CREATE TABLE "member_notice_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "member_notice_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"site_id" uuid NOT NULL,
	"membership_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	CONSTRAINT "member_notice_events_kind_check" CHECK (kind IN ('member', 'paying'))
);
--> statement-breakpoint
ALTER TABLE "site_email_settings" ADD COLUMN "new_member_notice" text DEFAULT 'daily' NOT NULL;--> statement-breakpoint
ALTER TABLE "site_email_settings" ADD COLUMN "new_paying_member_notice" text DEFAULT 'each' NOT NULL;--> statement-breakpoint
ALTER TABLE "member_notice_digests" ADD CONSTRAINT "member_notice_digests_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_notice_events" ADD CONSTRAINT "member_notice_events_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_notice_events" ADD CONSTRAINT "member_notice_events_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_notice_events_site_idx" ON "member_notice_events" USING btree ("site_id","occurred_at");--> statement-breakpoint
ALTER TABLE "site_email_settings" ADD CONSTRAINT "site_email_settings_new_member_check" CHECK (new_member_notice IN ('each', 'daily', 'off'));--> statement-breakpoint
ALTER TABLE "site_email_settings" ADD CONSTRAINT "site_email_settings_new_paying_check" CHECK (new_paying_member_notice IN ('each', 'daily', 'off'));