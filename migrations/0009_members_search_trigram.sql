-- Hand-written: drizzle-kit cannot declare an extension. pg_trgm is a trusted extension (Postgres 13+), so the database owner may create it; PGlite loads it in db/connect.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "users_full_name_trgm_idx" ON "users" USING gin ("full_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);