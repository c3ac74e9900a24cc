/**
 * The creator's design (issue 17): read the draft, save it, publish it,
 * discard it, restore a kept version into it. Publishing also copies the
 * design's colour onto the site (docs/decisions/142). Each change names the revision
 * it was made from and moves the row on by one in a single conditional
 * UPDATE, so of two tabs (or a publish racing a save) exactly one wins and
 * the other hears 409 `design-changed`. Publishing keeps the last 20 versions
 * and tells siteChanged inside its transaction, so every server drops its
 * copies of the site's pages and of its compiled design at commit.
 */
import { and, desc, eq, lte, sql } from 'drizzle-orm';
import type { DesignState } from '../../common/api/design.ts';
import { defaultDesign, designProblem, KEPT_VERSIONS, parseDesign, THEME_LABELS, THEMES, type Design } from '../../common/design.ts';
import type { Database } from '../../db/connect.ts';
import { siteDesigns, siteDesignVersions } from '../../db/design-schema.ts';
import { AppError } from '../errors.ts';
import { copyDesignColour, findSiteByOwner, type Site, type SiteChanged } from '../sites/index.ts';
import { foreignMediaPath, withoutMissingMedia } from './design-media.ts';

/** A refused design: the error handler's shape plus the path of the problem. */
export class DesignRefused extends AppError {
  readonly path: string;
  readonly detail: string;
  constructor(path: string, detail: string) {
    super('invalid-design', 400);
    this.path = path;
    this.detail = detail;
  }
}

export interface DesignServiceDeps {
  db: Database;
  siteChanged: SiteChanged;
}

type Row = typeof siteDesigns.$inferSelect;

export function createDesignService({ db, siteChanged }: DesignServiceDeps) {
  async function siteOf(ownerId: string): Promise<Site> {
    const site = await findSiteByOwner(db, ownerId);
    if (!site) throw new AppError('site-required', 409);
    return site;
  }

  /** Every site has a row from its first visit to the editor: today's layout, unpublished. */
  async function rowOf(siteId: string): Promise<Row> {
    await db.insert(siteDesigns).values({ siteId }).onConflictDoNothing();
    const [row] = await db.select().from(siteDesigns).where(eq(siteDesigns.siteId, siteId));
    return row!;
  }

  async function stateOf(site: Site, row: Row): Promise<DesignState> {
    const versions = await db
      .select({ id: siteDesignVersions.id, version: siteDesignVersions.version, publishedAt: siteDesignVersions.publishedAt })
      .from(siteDesignVersions)
      .where(eq(siteDesignVersions.siteId, site.id))
      .orderBy(desc(siteDesignVersions.version));
    return {
      draft: row.draft ?? row.published ?? defaultDesign(site.brandColor),
      hasDraft: row.draft !== null,
      published: row.published,
      revision: row.revision,
      versions: versions.map((version) => ({ ...version, publishedAt: version.publishedAt.toISOString() })),
      themes: THEMES.map((name) => ({ name, label: THEME_LABELS[name].name, description: THEME_LABELS[name].description })),
      // As a visitor sees it (`visitor=1`): the join button and sections show, as they will to readers.
      previewUrl: `/@${site.handle}?preview=design&visitor=1`,
      siteUrl: `/@${site.handle}`,
    };
  }

  async function checked(site: Site, input: unknown): Promise<Design> {
    const problem = designProblem(input);
    if (problem) throw new DesignRefused(problem.path, problem.message);
    const design = parseDesign(input)!;
    const foreign = await foreignMediaPath(db, site.id, design);
    if (foreign) throw new DesignRefused(foreign, 'Choose a file from your own media library.');
    return design;
  }

  /** The one conditional write every change goes through: from `revision`, or 409. */
  async function change(executor: Pick<Database, 'update'>, siteId: string, revision: number, values: Partial<Row>): Promise<Row> {
    const [row] = await executor
      .update(siteDesigns)
      .set({ ...values, revision: sql`${siteDesigns.revision} + 1`, updatedAt: new Date() })
      .where(and(eq(siteDesigns.siteId, siteId), eq(siteDesigns.revision, revision)))
      .returning();
    if (!row) throw new AppError('design-changed', 409);
    return row;
  }

  return {
    async get(ownerId: string): Promise<DesignState> {
      const site = await siteOf(ownerId);
      return stateOf(site, await rowOf(site.id));
    },

    async saveDraft(ownerId: string, input: unknown, revision: number): Promise<{ revision: number }> {
      const site = await siteOf(ownerId);
      const design = await checked(site, input);
      await rowOf(site.id);
      const row = await change(db, site.id, revision, { draft: design });
      return { revision: row.revision };
    },

    async publish(ownerId: string, revision: number): Promise<DesignState> {
      const site = await siteOf(ownerId);
      const current = await rowOf(site.id);
      const design = current.draft ?? current.published ?? defaultDesign(site.brandColor);
      // Checked again: media deleted since the save must not reach readers as a broken picture.
      const clean = await withoutMissingMedia(db, site.id, design);
      const row = await db.transaction(async (tx) => {
        const version = current.publishedVersion + 1;
        const changed = await change(tx, site.id, revision, { draft: null, published: clean, publishedVersion: version, publishedAt: new Date() });
        await tx.insert(siteDesignVersions).values({ siteId: site.id, version: changed.publishedVersion, design: clean });
        // The site's one colour is the published design's; mail, reports and settings read its copy (docs/decisions/142).
        await copyDesignColour(tx, site.id, clean.colors.accent);
        await tx.delete(siteDesignVersions).where(and(eq(siteDesignVersions.siteId, site.id), lte(siteDesignVersions.version, changed.publishedVersion - KEPT_VERSIONS)));
        await siteChanged(site.id, tx);
        return changed;
      });
      return stateOf(site, row);
    },

    async discard(ownerId: string, revision: number): Promise<DesignState> {
      const site = await siteOf(ownerId);
      await rowOf(site.id);
      return stateOf(site, await change(db, site.id, revision, { draft: null }));
    },

    async restore(ownerId: string, versionId: string, revision: number): Promise<DesignState> {
      const site = await siteOf(ownerId);
      const [version] = await db
        .select({ design: siteDesignVersions.design })
        .from(siteDesignVersions)
        .where(and(eq(siteDesignVersions.id, versionId), eq(siteDesignVersions.siteId, site.id)));
      if (!version) throw new AppError('not-found', 404);
      await rowOf(site.id);
      const draft = await withoutMissingMedia(db, site.id, version.design);
      return stateOf(site, await change(db, site.id, revision, { draft }));
    },
  };
}

export type DesignService = ReturnType<typeof createDesignService>;
