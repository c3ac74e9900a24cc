ALTER TABLE "users" DROP CONSTRAINT "users_role_check";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_admin" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- An admin was a role of its own, which took the creator's away: every admin becomes a creator who is also an admin (docs/decisions/148).
UPDATE "users" SET "is_admin" = true, "role" = 'creator' WHERE "role" = 'admin';--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK (role IN ('creator', 'member'));