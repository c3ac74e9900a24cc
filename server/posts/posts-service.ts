/**
 * The creator's posts: list, write, read, delete, and the scheduled posts'
 * publishing. Every function takes the acting user's id and works within that
 * user's site only, so another creator's post is simply not found (404, never
 * 403: docs/decisions/025). A write renders and sanitises the body, keeps the
 * slug unique and rewrites the post's media uses in one transaction.
 */
import { and, count, desc, eq, ilike, inArray, lte, not, or, sql, type SQL } from 'drizzle-orm';
import { POSTS_PAGE_SIZE, type PostAnswer, type PostCounts, type PostsAnswer, type PostSummary } from '../../common/api/posts.ts';
import type { MediaKind } from '../../common/media.ts';
import type { PostEmailChoice } from '../../common/email.ts';
import { editorDocumentSchema, isUuid, type CreatePostData, type UpdatePostData } from '../../common/post-schemas.ts';
import type { EditorDocument, PostStatus, PostVisibility } from '../../common/posts.ts';
import { firstFreeSlug, slugify } from '../../common/slugs.ts';
import type { Database } from '../../db/connect.ts';
import { media, postMedia, posts, tiers, type PostMediaPlace } from '../../db/content-schema.ts';
import { postTiers } from '../../db/money-schema.ts';
import type { Clock } from '../clock.ts';
import { countComments } from './comment-counts.ts';
import type { RecordActivity } from '../reports/activity-service.ts';
import { AppError, badRequest } from '../errors.ts';
import type { SiteChanged } from '../sites/site-changes.ts';
import { findSiteByOwner, type Site } from '../sites/site-lookup.ts';
import { importHtml } from './import-html.ts';
import { afterCursor, decodeListCursor, encodeListCursor, LIST_ORDER_KEYS } from './posts-list-cursor.ts';
import { mediaIdsIn, renderDocument } from './render-document.ts';
import { sanitizeStoredHtml } from './sanitize.ts';
import type { Transaction } from '../../db/transaction.ts';

type PostRow = typeof posts.$inferSelect;

/** A generated slug another write took meanwhile is retried with the next number this many times. */
const SLUG_ATTEMPTS = 5;
const EMPTY_DOCUMENT: EditorDocument = { type: 'doc', content: [{ type: 'paragraph' }] };

const notFound = () => new AppError('not-found', 404);
const slugTaken = () => new AppError('slug-taken', 409, 'slug');

export const isGated = (visibility: PostVisibility) => visibility !== 'public';

/** A unique violation of the per-site slug index, through drizzle's wrapping (`cause`). */
function isSlugViolation(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 5) return false;
  const { code, cause } = error as { code?: unknown; cause?: unknown };
  if (code === '23505' && JSON.stringify(error, Object.getOwnPropertyNames(error)).includes('posts_site_slug_unique')) return true;
  return isSlugViolation(cause, depth + 1);
}

/** The columns of a list row: the body and its HTML stay in the database. */
const SUMMARY_COLUMNS = {
  id: posts.id,
  slug: posts.slug,
  title: posts.title,
  excerpt: posts.excerpt,
  status: posts.status,
  visibility: posts.visibility,
  publishedAt: posts.publishedAt,
  coverMediaId: posts.coverMediaId,
  createdAt: posts.createdAt,
  updatedAt: posts.updatedAt,
};

type SummaryRow = Pick<PostRow, keyof typeof SUMMARY_COLUMNS>;
type PostTier = { id: string; name: string };

export function toSummary(row: SummaryRow, tiersOfPost: readonly PostTier[] = []): PostSummary {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    status: row.status,
    visibility: row.visibility,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    coverMediaId: row.coverMediaId,
    tierIds: tiersOfPost.map((tier) => tier.id),
    tierNames: tiersOfPost.map((tier) => tier.name),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (character) => `\\${character}`);
}

interface Timing {
  status: PostStatus;
  publishedAt: Date | null;
}

/** What a status asks of the publish time: a draft has none, a schedule lies ahead, a publication behind (now unless given). */
function resolveTiming(status: PostStatus, publishAt: string | null | undefined, current: Timing | null, now: Date): Timing {
  const asked = publishAt ? new Date(publishAt) : null;
  if (status === 'draft') return { status, publishedAt: null };
  if (status === 'scheduled') {
    const at = asked ?? (current?.status === 'scheduled' ? current.publishedAt : null);
    if (!at || at.getTime() <= now.getTime()) throw badRequest('invalid-publish-time', 'publishAt');
    return { status, publishedAt: at };
  }
  const at = asked ?? (current?.status === 'published' ? current.publishedAt : null) ?? now;
  if (at.getTime() > now.getTime()) throw badRequest('invalid-publish-time', 'publishAt');
  return { status, publishedAt: at };
}

function documentFrom(input: { body?: EditorDocument | undefined; html?: string | undefined }): EditorDocument | undefined {
  if (input.html === undefined) return input.body;
  const parsed = editorDocumentSchema.safeParse(importHtml(input.html));
  if (!parsed.success) throw badRequest('invalid-input', 'html');
  return parsed.data;
}

/** What the platform plan says about publishing (server/platform-plan, docs/decisions/057). */
export interface PublishingGate {
  /**
   * Throws 402 `plan-required` when the creator's trial or paid period is over. `executor`: the
   * caller's transaction when it asks from inside one; on the embedded database (one connection)
   * a read through the app's `db` there would wait for that transaction forever.
   */
  assertMayPublish(ownerId: string, executor?: Database): Promise<void>;
  /** Posts whose creator may not publish now, as SQL over `posts`; undefined when nothing is held. */
  heldPosts(now: Date): SQL | undefined;
}

/** Publishing or scheduling, or moving a schedule: what the plan gate is asked about. Edits to a live post are not. */
function startsPublishing(timing: Timing, current: Timing | null): boolean {
  if (timing.status === 'draft') return false;
  if (!current || current.status !== timing.status) return true;
  return timing.status === 'scheduled' && timing.publishedAt?.getTime() !== current.publishedAt?.getTime();
}

/** E-mail with publishing (server/newsletters): the editor's choice and the moment a post goes out, each in the post's own transaction. */
export interface PublishingMail {
  choose(tx: Transaction, siteId: string, postId: string, choice: PostEmailChoice): Promise<void>;
  /** `creatorAsks`: the creator publishes now, and is refused a post that would be e-mailed from a suspended site. */
  published(tx: Transaction, postIds: readonly string[], creatorAsks?: boolean): Promise<void>;
}

/** `siteChanged` is told of every write readers may see: all but a draft that stays a draft. */
/** `recordActivity` hears of each post going live, for the creator's Recent Activity (server/reports/activity-service.ts). */
export function createPostsService({
  db,
  clock,
  publishing,
  siteChanged,
  recordActivity,
  mail,
}: {
  db: Database;
  clock: Clock;
  publishing: PublishingGate;
  siteChanged: SiteChanged;
  recordActivity: RecordActivity;
  mail?: PublishingMail;
}) {
  async function siteOf(ownerId: string): Promise<Site | undefined> {
    return findSiteByOwner(db, ownerId);
  }

  /** The site's own media among `ids`, with their kinds; others are not the post's to show. */
  async function mediaKindsOf(tx: Transaction, siteId: string, ids: string[]): Promise<Map<string, MediaKind>> {
    const wanted = ids.filter(isUuid);
    if (wanted.length === 0) return new Map();
    const rows = await tx
      .select({ id: media.id, kind: media.kind })
      .from(media)
      .where(and(eq(media.siteId, siteId), inArray(media.id, wanted)));
    return new Map(rows.map((row) => [row.id, row.kind]));
  }

  async function slugsLike(tx: Transaction, siteId: string, base: string, exceptId?: string): Promise<Set<string>> {
    const conditions: SQL[] = [eq(posts.siteId, siteId), or(eq(posts.slug, base), ilike(posts.slug, `${escapeLike(base)}-%`))!];
    if (exceptId) conditions.push(sql`${posts.id} <> ${exceptId}`);
    const rows = await tx.select({ slug: posts.slug }).from(posts).where(and(...conditions));
    return new Set(rows.map((row) => row.slug));
  }

  async function explicitSlug(tx: Transaction, siteId: string, slug: string, exceptId?: string): Promise<string> {
    const conditions: SQL[] = [eq(posts.siteId, siteId), eq(posts.slug, slug)];
    if (exceptId) conditions.push(sql`${posts.id} <> ${exceptId}`);
    const [taken] = await tx.select({ id: posts.id }).from(posts).where(and(...conditions)).limit(1);
    if (taken) throw slugTaken();
    return slug;
  }

  async function generatedSlug(tx: Transaction, siteId: string, title: string, exceptId?: string): Promise<string> {
    const base = slugify(title) || (title ? 'post' : 'untitled');
    return firstFreeSlug(base, await slugsLike(tx, siteId, base, exceptId));
  }

  /** Renders the body and checks the cover, both against the site's own media; returns the columns they fill and the media uses. */
  async function renderBody(tx: Transaction, siteId: string, document: EditorDocument, visibility: PostVisibility, coverMediaId: string | null) {
    const kinds = await mediaKindsOf(tx, siteId, [...mediaIdsIn(document), ...(coverMediaId ? [coverMediaId] : [])]);
    if (coverMediaId && kinds.get(coverMediaId.toLowerCase()) !== 'image') throw badRequest('invalid-input', 'coverMediaId');
    const rendered = renderDocument(document, { mediaKinds: kinds, gated: isGated(visibility) }, sanitizeStoredHtml);
    const uses: { mediaId: string; place: PostMediaPlace }[] = [
      ...(coverMediaId ? [{ mediaId: coverMediaId.toLowerCase(), place: 'cover' as const }] : []),
      ...rendered.previewMediaIds.map((mediaId) => ({ mediaId, place: 'preview' as const })),
      ...rendered.gatedMediaIds.map((mediaId) => ({ mediaId, place: 'gated' as const })),
    ];
    return {
      columns: { body: rendered.document, previewHtml: rendered.previewHtml, gatedHtml: rendered.gatedHtml, coverMediaId: coverMediaId?.toLowerCase() ?? null },
      uses,
      marked: rendered.marked,
    };
  }

  /**
   * A public post is read whole by everyone, so a members-only marker in it
   * would promise what it does not keep: publishing or scheduling one is
   * refused. A draft may hold both while the creator decides (it autosaves);
   * the access rule reads any such post that does go live as a members post.
   */
  function requireAudienceForMarker(visibility: PostVisibility, status: PostStatus, marked: boolean) {
    if (marked && visibility === 'public' && status !== 'draft') throw badRequest('marker-needs-members', 'visibility');
  }

  /** The tiers of each post, by name: for the list and the editor. */
  async function tiersOfPosts(postIds: string[]): Promise<Map<string, PostTier[]>> {
    const byPost = new Map<string, PostTier[]>();
    if (postIds.length === 0) return byPost;
    const rows = await db
      .select({ postId: postTiers.postId, id: tiers.id, name: tiers.name })
      .from(postTiers)
      .innerJoin(tiers, eq(tiers.id, postTiers.tierId))
      .where(inArray(postTiers.postId, postIds))
      .orderBy(tiers.position, tiers.createdAt);
    for (const row of rows) byPost.set(row.postId, [...(byPost.get(row.postId) ?? []), { id: row.id, name: row.name }]);
    return byPost;
  }

  /**
   * Keeps post_tiers for a `tiers` post and none for any other. The tiers must
   * be the site's own (archived ones too: a post may stay with a tier that no
   * longer takes new members); a published `tiers` post needs at least one.
   */
  async function replacePostTiers(tx: Transaction, siteId: string, postId: string, visibility: PostVisibility, status: PostStatus, tierIds: string[] | undefined) {
    if (visibility !== 'tiers') {
      await tx.delete(postTiers).where(eq(postTiers.postId, postId));
      return;
    }
    if (tierIds !== undefined) {
      const wanted = [...new Set(tierIds.map((id) => id.toLowerCase()))];
      const own = wanted.length === 0 ? [] : await tx.select({ id: tiers.id }).from(tiers).where(and(eq(tiers.siteId, siteId), inArray(tiers.id, wanted)));
      if (own.length !== wanted.length) throw badRequest('invalid-input', 'tierIds');
      await tx.delete(postTiers).where(eq(postTiers.postId, postId));
      if (wanted.length > 0) await tx.insert(postTiers).values(wanted.map((tierId) => ({ postId, tierId })));
    }
    if (status !== 'draft') {
      const [chosen] = await tx.select({ tierId: postTiers.tierId }).from(postTiers).where(eq(postTiers.postId, postId)).limit(1);
      if (!chosen) throw badRequest('invalid-input', 'tierIds');
    }
  }

  async function replaceMediaUses(tx: Transaction, postId: string, uses: { mediaId: string; place: PostMediaPlace }[]) {
    await tx.delete(postMedia).where(eq(postMedia.postId, postId));
    if (uses.length > 0) await tx.insert(postMedia).values(uses.map((use) => ({ postId, ...use }))).onConflictDoNothing();
  }

  /** Runs a write again when a generated slug was taken by a concurrent write between our check and our insert. */
  async function withSlugRetry<T>(write: () => Promise<T>, slugIsExplicit: boolean): Promise<T> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await write();
      } catch (error) {
        if (!isSlugViolation(error)) throw error;
        if (slugIsExplicit || attempt >= SLUG_ATTEMPTS) throw slugTaken();
      }
    }
  }

  function requireTitleToPublish(title: string, status: PostStatus) {
    if (status !== 'draft' && !title) throw badRequest('invalid-input', 'title');
  }

  async function getPost(ownerId: string, id: string): Promise<PostAnswer> {
    const site = await siteOf(ownerId);
    if (!site || !isUuid(id)) throw notFound();
    const [row] = await db
      .select()
      .from(posts)
      .where(and(eq(posts.id, id), eq(posts.siteId, site.id)));
    if (!row) throw notFound();
    const tiersOfPost = (await tiersOfPosts([row.id])).get(row.id);
    return { post: { ...toSummary(row, tiersOfPost), body: row.body, previewHtml: row.previewHtml, gatedHtml: row.gatedHtml }, handle: site.handle };
  }

  return {
    async list(ownerId: string, query: { status?: PostStatus | undefined; q?: string | undefined; cursor?: string | undefined }): Promise<PostsAnswer> {
      // Read before the site: a mangled cursor is the caller's mistake whoever asks.
      const cursor = query.cursor ? decodeListCursor(query.cursor) : undefined;
      const site = await siteOf(ownerId);
      const counts: PostCounts = { all: 0, draft: 0, scheduled: 0, published: 0 };
      if (!site) return { posts: [], counts, handle: null };
      const matching: SQL[] = [eq(posts.siteId, site.id)];
      if (query.q) {
        const pattern = `%${escapeLike(query.q)}%`;
        matching.push(or(ilike(posts.title, pattern), ilike(posts.excerpt, pattern))!);
      }
      const byStatus = await db
        .select({ status: posts.status, count: count() })
        .from(posts)
        .where(and(...matching))
        .groupBy(posts.status);
      for (const row of byStatus) {
        counts[row.status] = row.count;
        counts.all += row.count;
      }
      // One row more than a page says whether another page follows.
      const found = await db
        .select({ ...SUMMARY_COLUMNS, shownAtKey: LIST_ORDER_KEYS.shownAt, createdAtKey: LIST_ORDER_KEYS.createdAt })
        .from(posts)
        .where(and(...matching, ...(query.status ? [eq(posts.status, query.status)] : []), ...(cursor ? [afterCursor(cursor)] : [])))
        .orderBy(desc(LIST_ORDER_KEYS.shownAt), desc(LIST_ORDER_KEYS.createdAt), desc(posts.id))
        .limit(POSTS_PAGE_SIZE + 1);
      const rows = found.slice(0, POSTS_PAGE_SIZE);
      const last = rows.at(-1);
      const nextCursor = found.length > POSTS_PAGE_SIZE && last ? encodeListCursor({ shownAt: String(last.shownAtKey), createdAt: String(last.createdAtKey), id: last.id }) : undefined;
      const [tiersById, commentCounts] = await Promise.all([tiersOfPosts(rows.filter((row) => row.visibility === 'tiers').map((row) => row.id)), countComments(db, rows.map((row) => row.id))]);
      return { posts: rows.map((row) => ({ ...toSummary(row, tiersById.get(row.id)), commentCount: commentCounts.get(row.id) ?? 0 })), counts, handle: site.handle, ...(nextCursor ? { nextCursor } : {}) };
    },

    get: getPost,

    async create(ownerId: string, input: CreatePostData): Promise<PostAnswer> {
      const site = await siteOf(ownerId);
      if (!site) throw new AppError('site-required', 409);
      const now = clock();
      const timing = resolveTiming(input.status, input.publishAt, null, now);
      requireTitleToPublish(input.title, timing.status);
      if (startsPublishing(timing, null)) await publishing.assertMayPublish(ownerId);
      const document = documentFrom(input) ?? EMPTY_DOCUMENT;
      const id = await withSlugRetry(
        () =>
          db.transaction(async (tx) => {
            const slug = input.slug ? await explicitSlug(tx, site.id, input.slug) : await generatedSlug(tx, site.id, input.title);
            const { columns, uses, marked } = await renderBody(tx, site.id, document, input.visibility, input.coverMediaId ?? null);
            requireAudienceForMarker(input.visibility, timing.status, marked);
            const [row] = await tx
              .insert(posts)
              .values({ siteId: site.id, slug, title: input.title, excerpt: input.excerpt ?? '', visibility: input.visibility, ...timing, ...columns, createdAt: now, updatedAt: now })
              .returning({ id: posts.id });
            await replaceMediaUses(tx, row!.id, uses);
            await replacePostTiers(tx, site.id, row!.id, input.visibility, timing.status, input.tierIds);
            if (timing.status !== 'draft') await siteChanged(site.id, tx);
            if (timing.status === 'published') await recordActivity(tx, { siteId: site.id, type: 'post-published', postId: row!.id, occurredAt: now });
            return row!.id;
          }),
        input.slug !== undefined,
      );
      return getPost(ownerId, id);
    },

    async update(ownerId: string, id: string, patch: UpdatePostData): Promise<PostAnswer> {
      const site = await siteOf(ownerId);
      if (!site || !isUuid(id)) throw notFound();
      const now = clock();
      await withSlugRetry(
        () =>
          db.transaction(async (tx) => {
            const [current] = await tx
              .select()
              .from(posts)
              .where(and(eq(posts.id, id), eq(posts.siteId, site.id)))
              .for('update');
            if (!current) throw notFound();
            const title = patch.title ?? current.title;
            const visibility = patch.visibility ?? current.visibility;
            const timing =
              patch.status !== undefined || patch.publishAt !== undefined
                ? resolveTiming(patch.status ?? current.status, patch.publishAt, current, now)
                : { status: current.status, publishedAt: current.publishedAt };
            requireTitleToPublish(title, timing.status);
            if (startsPublishing(timing, current)) await publishing.assertMayPublish(ownerId, tx);
            // A draft never published follows its title until the creator names it; after that, links to it must keep working.
            const followsTitle = current.status === 'draft' && current.publishedAt === null && patch.title !== undefined && patch.title !== current.title;
            const slug =
              patch.slug !== undefined && patch.slug !== current.slug
                ? await explicitSlug(tx, site.id, patch.slug, id)
                : patch.slug === undefined && followsTitle
                  ? await generatedSlug(tx, site.id, title, id)
                  : current.slug;
            const document = documentFrom(patch) ?? current.body;
            const coverMediaId = patch.coverMediaId !== undefined ? patch.coverMediaId : current.coverMediaId;
            const { columns, uses, marked } = await renderBody(tx, site.id, document, visibility, coverMediaId);
            requireAudienceForMarker(visibility, timing.status, marked);
            await tx
              .update(posts)
              .set({ title, slug, visibility, excerpt: patch.excerpt ?? current.excerpt, ...timing, ...columns, updatedAt: now })
              .where(eq(posts.id, id));
            await replaceMediaUses(tx, id, uses);
            await replacePostTiers(tx, site.id, id, visibility, timing.status, patch.tierIds);
            if (patch.email) await mail?.choose(tx, site.id, id, patch.email);
            if (timing.status === 'published' && current.status !== 'published') await mail?.published(tx, [id], true);
            if (current.status !== 'draft' || timing.status !== 'draft') await siteChanged(site.id, tx);
            if (timing.status === 'published' && current.status !== 'published') await recordActivity(tx, { siteId: site.id, type: 'post-published', postId: id, occurredAt: now });
          }),
        patch.slug !== undefined,
      );
      return getPost(ownerId, id);
    },

    async remove(ownerId: string, id: string): Promise<void> {
      const site = await siteOf(ownerId);
      if (!site || !isUuid(id)) throw notFound();
      const deleted = await db
        .delete(posts)
        .where(and(eq(posts.id, id), eq(posts.siteId, site.id)))
        .returning({ id: posts.id, status: posts.status });
      if (deleted.length === 0) throw notFound();
      if (deleted[0]!.status !== 'draft') await siteChanged(site.id);
    },

    /**
     * Publishes every scheduled post whose time has come, in one statement:
     * of two servers running it at once, each post is returned to exactly one.
     * A post whose creator's plan has lapsed waits, scheduled, until it is paid.
     */
    async publishDue(): Promise<string[]> {
      const now = clock();
      const held = publishing.heldPosts(now);
      return db.transaction(async (tx) => {
        const published = await tx
          .update(posts)
          .set({ status: 'published', updatedAt: now })
          .where(and(eq(posts.status, 'scheduled'), lte(posts.publishedAt, now), ...(held ? [not(held)] : [])))
          .returning({ id: posts.id, siteId: posts.siteId, publishedAt: posts.publishedAt });
        for (const row of published) await recordActivity(tx, { siteId: row.siteId, type: 'post-published', postId: row.id, occurredAt: row.publishedAt ?? now });
        const ids = published.map((row) => row.id);
        await mail?.published(tx, ids);
        return ids;
      });
    },
  };
}

export type PostsService = ReturnType<typeof createPostsService>;
