/**
 * The creator's site (DESIGN.md "The creator's site"): one per creator, made
 * with its free tier in one transaction; a handle is unique, lowercase and not
 * reserved (common/handles.ts); its images must be the site's own. Every
 * function is scoped by the owner, so another creator's site or media is
 * simply not found (docs/decisions/025).
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import type { HandleAvailability, SiteJson } from '../../common/api/sites.ts';
import { handleProblem, normaliseHandle } from '../../common/handles.ts';
import type { UpdateSiteData } from '../../common/site-schemas.ts';
import type { Database } from '../../db/connect.ts';
import { media, sites, tiers } from '../../db/content-schema.ts';
import type { Clock } from '../clock.ts';
import { AppError } from '../errors.ts';
import type { MediaUrlSigner } from '../media-urls/index.ts';
import type { SiteChanged } from './site-changes.ts';
import { colourIntoDesign } from './site-brand.ts';
import { toSiteJson } from './site-json.ts';
import { findSiteByHandle, findSiteByOwner, type Site } from './site-lookup.ts';
import type { Transaction } from '../../db/transaction.ts';


export interface SitesServiceDeps {
  db: Database;
  clock: Clock;
  appUrl: URL;
  /** The installation's signer (server/media), its secret read once. */
  mediaUrlSigner: () => Promise<MediaUrlSigner>;
  /** The platform plan's trial starts with the site, in the same transaction (server/platform-plan). */
  startTrial: (tx: Transaction, ownerId: string) => Promise<void>;
  /** Every setting shows on the site's pages. */
  siteChanged: SiteChanged;
}

export interface NewSite {
  handle: string;
  title: string;
  tagline?: string | undefined;
}

const FREE_TIER_NAME = 'Free';

/** Publishing again keeps the first published time. */
const firstPublished = (now: Date) => sql`coalesce(${sites.publishedAt}, ${now.toISOString()}::timestamptz)`;

/** Postgres's unique_violation, found through drizzle's wrapping `cause`. */
function isUniqueViolation(error: unknown): boolean {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 5; depth += 1) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

export function createSitesService({ db, clock, appUrl, mediaUrlSigner, startTrial, siteChanged }: SitesServiceDeps) {
  async function answer(site: Site): Promise<SiteJson> {
    return toSiteJson(db, await mediaUrlSigner(), appUrl, site);
  }

  async function ownSite(ownerId: string): Promise<Site> {
    const site = await findSiteByOwner(db, ownerId);
    if (!site) throw new AppError('not-found', 404);
    return site;
  }

  async function createSite(ownerId: string, input: NewSite): Promise<SiteJson> {
    const site = await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(sites)
        .values({ ownerId, handle: input.handle, title: input.title, tagline: input.tagline ?? '' })
        .onConflictDoNothing()
        .returning();
      if (!created) {
        // Either unique index refused it: the owner's one site, or the handle.
        const mine = await findSiteByOwner(tx, ownerId);
        throw mine ? new AppError('site-exists', 409) : new AppError('handle-taken', 409, 'handle');
      }
      await tx.insert(tiers).values({ siteId: created.id, name: FREE_TIER_NAME, type: 'free', position: 0 });
      await startTrial(tx, ownerId);
      return created;
    });
    return answer(site);
  }

  async function getMySite(ownerId: string): Promise<SiteJson> {
    return answer(await ownSite(ownerId));
  }

  async function findMySite(ownerId: string): Promise<SiteJson | null> {
    const site = await findSiteByOwner(db, ownerId);
    return site ? answer(site) : null;
  }

  /** A media id the site may show as its avatar or banner: an image of its own, else 404 like any stranger's id. */
  async function checkOwnImage(siteId: string, mediaId: string | null | undefined): Promise<void> {
    if (!mediaId) return;
    const [row] = await db
      .select({ id: media.id })
      .from(media)
      .where(and(eq(media.id, mediaId), eq(media.siteId, siteId), eq(media.kind, 'image')))
      .limit(1);
    if (!row) throw new AppError('not-found', 404);
  }

  async function updateMySite(ownerId: string, input: UpdateSiteData): Promise<SiteJson> {
    const site = await ownSite(ownerId);
    await checkOwnImage(site.id, input.avatarMediaId);
    await checkOwnImage(site.id, input.bannerMediaId);
    if (input.handle && input.handle !== site.handle && (await findSiteByHandle(db, input.handle))) {
      throw new AppError('handle-taken', 409, 'handle');
    }
    const now = clock();
    const { publish, ...fields } = input;
    let updated: Site | undefined;
    try {
      updated = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(sites)
          .set({ ...fields, ...(publish ? { publishedAt: firstPublished(now) } : {}), updatedAt: now })
          .where(eq(sites.id, site.id))
          .returning();
        // One colour (docs/decisions/142): the design holds it; this column is its copy. Unchanged, the design is left alone (an open editor keeps its revision).
        if (row && fields.brandColor && fields.brandColor !== site.brandColor) await colourIntoDesign(tx, row.id, fields.brandColor);
        return row;
      });
    } catch (error) {
      // Another site took the handle between the check and the update.
      if (isUniqueViolation(error)) throw new AppError('handle-taken', 409, 'handle');
      throw error;
    }
    if (!updated) throw new AppError('not-found', 404);
    await siteChanged(updated.id);
    return answer(updated);
  }

  /** The wizard's live check: a handle the caller's own site already has counts as available. */
  async function checkHandle(ownerId: string, input: string): Promise<HandleAvailability> {
    const handle = normaliseHandle(input);
    const problem = handleProblem(handle);
    if (problem) return { available: false, problem };
    const [taken] = await db
      .select({ id: sites.id })
      .from(sites)
      .where(and(eq(sites.handle, handle), ne(sites.ownerId, ownerId)))
      .limit(1);
    return taken ? { available: false, problem: 'taken' } : { available: true };
  }

  /** Sets the published time once; later calls keep the first. */
  async function publishSite(ownerId: string, tx: Database = db): Promise<Site | undefined> {
    const now = clock();
    const [published] = await tx
      .update(sites)
      .set({ publishedAt: firstPublished(now), updatedAt: now })
      .where(eq(sites.ownerId, ownerId))
      .returning();
    if (published) await siteChanged(published.id, tx);
    return published;
  }

  return { createSite, getMySite, findMySite, updateMySite, checkHandle, publishSite, answer };
}

export type SitesService = ReturnType<typeof createSitesService>;
