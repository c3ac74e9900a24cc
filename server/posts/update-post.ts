/**
 * A change to one of the creator's posts, in one transaction over the post's
 * locked row: its timing, slug, body, media uses and tiers, the newsletter
 * choice and, when it goes live now, its e-mail and Recent Activity. A live
 * post never e-mailed is e-mailed by asking for it (docs/decisions/149).
 */
import { and, eq } from 'drizzle-orm';
import type { PostAnswer } from '../../common/api/posts.ts';
import { isUuid, type UpdatePostData } from '../../common/post-schemas.ts';
import { posts } from '../../db/content-schema.ts';
import { findSiteByOwner } from '../sites/index.ts';
import { getPost, notFound } from './get-post.ts';
import { documentFrom, renderBody, replaceMediaUses, requireAudienceForMarker } from './post-body.ts';
import { explicitSlug, generatedSlug, withSlugRetry } from './post-slugs.ts';
import { replacePostTiers } from './post-tiers.ts';
import { requireTitleToPublish, resolveTiming, startsPublishing } from './post-timing.ts';
import type { PostsDeps } from './posts-deps.ts';

export async function updatePost({ db, clock, publishing, siteChanged, recordActivity, mail }: PostsDeps, ownerId: string, id: string, patch: UpdatePostData): Promise<PostAnswer> {
  const site = await findSiteByOwner(db, ownerId);
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
        const goesLive = timing.status === 'published' && current.status !== 'published';
        // A post already live and never e-mailed is e-mailed now when asked ("e-mail it later"); the send row is one a
        // post and this post's row is locked, so of two such requests one sends and the other meets 409 `already-emailed`.
        const emailsLater = patch.email?.send === true && current.status === 'published' && timing.status === 'published';
        if (emailsLater) await publishing.assertMayPublish(ownerId, tx);
        if (patch.email) await mail?.choose(tx, site.id, id, patch.email);
        if (goesLive || emailsLater) await mail?.published(tx, [id], true);
        if (current.status !== 'draft' || timing.status !== 'draft') await siteChanged(site.id, tx);
        if (goesLive) await recordActivity(tx, { siteId: site.id, type: 'post-published', postId: id, occurredAt: now });
      }),
    patch.slug !== undefined,
  );
  return getPost({ db }, ownerId, id);
}
