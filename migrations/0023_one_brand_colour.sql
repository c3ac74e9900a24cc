-- One brand (docs/decisions/142): the published design holds the site's colour and sites.brand_color is its copy.
-- Where the two differ today, the published design's wins: it is the colour readers saw on the site.
UPDATE "sites" SET "brand_color" = lower("site_designs"."published"->'colors'->>'accent')
FROM "site_designs"
WHERE "site_designs"."site_id" = "sites"."id"
  AND "site_designs"."published" IS NOT NULL
  AND "site_designs"."published"->'colors'->>'accent' ~* '^#[0-9a-f]{6}$'
  AND "sites"."brand_color" IS DISTINCT FROM lower("site_designs"."published"->'colors'->>'accent');
