ALTER TABLE "membership_events" DROP CONSTRAINT "membership_events_kind_check";--> statement-breakpoint
ALTER TABLE "activity_events" DROP CONSTRAINT "activity_events_type_check";--> statement-breakpoint
ALTER TABLE "membership_events" ADD CONSTRAINT "membership_events_kind_check" CHECK (kind IN ('joined', 'upgraded', 'downgraded', 'tier-changed', 'payment', 'payment-failed', 'refund', 'renewal-canceled', 'renewal-resumed', 'comped', 'ended', 'imported'));--> statement-breakpoint
ALTER TABLE "activity_events" ADD CONSTRAINT "activity_events_type_check" CHECK (type IN ('joined', 'upgraded', 'downgraded', 'changed-tier', 'canceled', 'payment-failed', 'comped', 'imported', 'commented', 'messaged', 'post-published', 'email-sent'));--> statement-breakpoint
-- Custom (docs/decisions/112): tier changes recorded before the split get a direction where the tiers' types tell it.
-- The tier left is that of the membership's last earlier event with a tier; free to paid is an upgrade, paid to free
-- (a comp ending) a downgrade. Paid to paid stays 'tier-changed': what the member paid then (amount, cadence) was not kept.
UPDATE "membership_events" AS "e" SET "kind" = "d"."kind"
FROM (
  SELECT "changed"."id",
    CASE WHEN "left_tier"."type" = 'free' AND "new_tier"."type" = 'paid' THEN 'upgraded'
         WHEN "left_tier"."type" = 'paid' AND "new_tier"."type" = 'free' THEN 'downgraded' END AS "kind"
  FROM "membership_events" AS "changed"
  JOIN "tiers" AS "new_tier" ON "new_tier"."id" = "changed"."tier_id"
  CROSS JOIN LATERAL (
    SELECT "earlier"."tier_id" FROM "membership_events" AS "earlier"
    WHERE "earlier"."membership_id" = "changed"."membership_id" AND "earlier"."occurred_at" < "changed"."occurred_at" AND "earlier"."tier_id" IS NOT NULL
    ORDER BY "earlier"."occurred_at" DESC LIMIT 1
  ) AS "previous"
  JOIN "tiers" AS "left_tier" ON "left_tier"."id" = "previous"."tier_id"
  WHERE "changed"."kind" = 'tier-changed'
) AS "d"
WHERE "e"."id" = "d"."id" AND "d"."kind" IS NOT NULL;
