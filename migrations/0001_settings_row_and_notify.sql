-- The settings table holds exactly one row, which operators flip with
-- `UPDATE settings SET maintenance = true;`. Every server LISTENs on
-- `settings_changed`, so the flip reaches each within a second (DESIGN.md).
ALTER TABLE "settings" ADD CONSTRAINT "settings_single_row" CHECK ("id");
--> statement-breakpoint
INSERT INTO "settings" ("id", "maintenance") VALUES (true, false) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE FUNCTION "notify_settings_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('settings_changed', json_build_object('maintenance', NEW."maintenance")::text);
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "settings_changed" AFTER INSERT OR UPDATE ON "settings"
  FOR EACH ROW EXECUTE FUNCTION "notify_settings_changed"();
