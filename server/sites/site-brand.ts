/**
 * The site's one brand, as its mail and its pages outside the design show it:
 * the published design holds the colour and the logo (docs/decisions/142).
 * `sites.brand_color` is that colour's copy, written with it (design publish,
 * PATCH /api/sites/mine); a site whose design has no logo (or that never
 * published one) shows its avatar in its place, as its pages do. The logo is
 * linked at its stable public address, on the site's own domain when it has an
 * active one (docs/decisions/153): a mail stays in an inbox for months, and
 * shows nothing of the platform's address.
 */
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Design } from '../../common/design.ts';
import { BRAND_COLOR_PATTERN, DEFAULT_BRAND_COLOR } from '../../common/sites.ts';
import type { Database } from '../../db/connect.ts';
import { media, sites } from '../../db/content-schema.ts';
import { siteDesigns } from '../../db/design-schema.ts';
import { domains } from '../../db/domain-schema.ts';
import type { MailBrand } from '../mail/index.ts';
import { publicMediaPrefix } from '../media-urls/index.ts';
import { imageFileFor } from './site-json.ts';
import { activeDomainOfSite } from './site-lookup.ts';
import { siteUrl } from './site-url.ts';

/** Mail shows the logo at 48 px; twice that for high-density screens. */
const LOGO_WIDTH = 96;

/**
 * A colour chosen outside the design editor (onboarding, Settings > General)
 * goes into the design too: the published design's accent and the draft's, with
 * the row's revision moved on so an editor open on the old draft hears
 * `design-changed` instead of saving the old colour back. Call inside the
 * transaction that writes `sites.brand_color`.
 */
export async function colourIntoDesign(tx: Pick<Database, 'update'>, siteId: string, colour: string): Promise<void> {
  const withColour = (column: typeof siteDesigns.draft | typeof siteDesigns.published) => sql<Design | null>`case when ${column} is null then null else jsonb_set(${column}, '{colors,accent}', to_jsonb(${colour}::text)) end`;
  await tx
    .update(siteDesigns)
    .set({ published: withColour(siteDesigns.published), draft: withColour(siteDesigns.draft), revision: sql`${siteDesigns.revision} + 1`, updatedAt: new Date() })
    .where(and(eq(siteDesigns.siteId, siteId), sql`(${isNotNull(siteDesigns.published)} or ${isNotNull(siteDesigns.draft)})`));
}

/** The copy of a design's colour a publish keeps on the site (docs/decisions/142); inside the publish's transaction. */
export async function copyDesignColour(tx: Pick<Database, 'update'>, siteId: string, colour: string): Promise<void> {
  await tx.update(sites).set({ brandColor: colour }).where(eq(sites.id, siteId));
}

/**
 * The colour and logo of a site: its published design's, else (never published) its own colour; its avatar where the design has no logo.
 * The colour goes into mail HTML as it is, so only a #rrggbb one is taken; anything else stored gives the default.
 */
export function brandOf(site: { brandColor: string; avatarMediaId: string | null }, published: { colors: { accent: string }; logoId: string | null } | null): { color: string; logoMediaId: string | null } {
  const colour = published ? published.colors?.accent : site.brandColor;
  return { color: typeof colour === 'string' && BRAND_COLOR_PATTERN.test(colour) ? colour : DEFAULT_BRAND_COLOR, logoMediaId: (published ? published.logoId : null) ?? site.avatarMediaId };
}

/** The brand of a site for its mail; undefined when the site is gone. */
export async function loadMailBrand(db: Database, appUrl: URL, siteId: string): Promise<MailBrand | undefined> {
  const [row] = await db
    .select({ title: sites.title, handle: sites.handle, brandColor: sites.brandColor, avatarMediaId: sites.avatarMediaId, domain: domains.hostname, published: siteDesigns.published })
    .from(sites)
    .leftJoin(domains, activeDomainOfSite)
    .leftJoin(siteDesigns, eq(siteDesigns.siteId, sites.id))
    .where(eq(sites.id, siteId))
    .limit(1);
  if (!row) return undefined;
  const brand = brandOf(row, row.published);
  const [logo] = brand.logoMediaId
    ? await db
        .select({ id: media.id, derived: media.derived })
        .from(media)
        .where(and(eq(media.id, brand.logoMediaId), eq(media.siteId, siteId), eq(media.status, 'ready'), eq(media.kind, 'image')))
    : [];
  return {
    title: row.title,
    color: brand.color,
    logoUrl: logo ? new URL(`${publicMediaPrefix(logo.id)}/${imageFileFor(logo.derived, LOGO_WIDTH)}`, row.domain ? `https://${row.domain}` : appUrl).href : null,
    url: siteUrl(row, appUrl),
  };
}
