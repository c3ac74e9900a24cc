/**
 * The exported site's face on this site: its title, tagline, about, colour,
 * avatar and banner (by their new media ids), its settings (who may comment
 * and write, message notices, past-due access), its tip jar (format 2), and its
 * design (draft, published and every kept version, media ids remapped). Done once: recorded
 * as kind `design`, so a rerun leaves later changes of the creator alone.
 */
import { eq, sql } from 'drizzle-orm';
import { sites } from '../../../db/content-schema.ts';
import { siteDesigns, siteDesignVersions } from '../../../db/design-schema.ts';
import type { Site } from '../../sites/index.ts';
import type { ImportsDeps } from '../import-deps.ts';
import { findItems, recordItems, type ImportScope } from '../import-items.ts';
import type { PlatformExtras } from '../sources/source-bundle.ts';
import { remapDesign } from './remap-media.ts';

const SITE_KEY = 'site';

export async function writePlatformSite(deps: ImportsDeps, scope: ImportScope, site: Site, extras: PlatformExtras, mediaIdByKey: ReadonlyMap<string, string>): Promise<void> {
  if ((await findItems(deps.db, scope, 'design', [SITE_KEY])).size > 0) return;
  const media = (key: string | null) => (key ? (mediaIdByKey.get(key) ?? null) : null);
  const { design } = extras;
  const published = design.published ? remapDesign(design.published, mediaIdByKey) : null;
  const draft = design.draft ? remapDesign(design.draft, mediaIdByKey) : null;
  await deps.db.transaction(async (tx) => {
    await tx
      .update(sites)
      .set({
        title: extras.site.title,
        tagline: extras.site.tagline,
        about: extras.site.about,
        brandColor: extras.site.brandColor,
        avatarMediaId: media(extras.site.avatarMediaKey),
        bannerMediaId: media(extras.site.bannerMediaKey),
        ...extras.settings,
        ...(extras.tips ? { tips: extras.tips } : {}),
        updatedAt: deps.clock(),
      })
      .where(eq(sites.id, site.id));
    const [{ latest } = { latest: 0 }] = await tx
      .select({ latest: sql<number>`coalesce(max(${siteDesignVersions.version}), 0)::int` })
      .from(siteDesignVersions)
      .where(eq(siteDesignVersions.siteId, site.id));
    const versions = design.versions.map((version, index) => ({ siteId: site.id, version: latest + index + 1, design: remapDesign(version.design, mediaIdByKey), publishedAt: version.publishedAt }));
    if (versions.length > 0) await tx.insert(siteDesignVersions).values(versions);
    if (draft || published) {
      const row = { draft: published && JSON.stringify(draft) === JSON.stringify(published) ? null : draft, published, publishedVersion: published ? latest + versions.length : 0, publishedAt: published ? deps.clock() : null, updatedAt: deps.clock() };
      await tx
        .insert(siteDesigns)
        .values({ siteId: site.id, revision: 1, ...row })
        .onConflictDoUpdate({ target: siteDesigns.siteId, set: { ...row, revision: sql`${siteDesigns.revision} + 1` } });
    }
    await recordItems(tx, scope, 'design', [{ sourceKey: SITE_KEY, targetId: site.id }]);
    await deps.siteChanged(site.id, tx);
  });
}
