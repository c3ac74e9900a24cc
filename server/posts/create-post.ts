/**
 * A new post: its slug kept unique, its body rendered and its media uses and
 * tiers written in one transaction; publishing or scheduling it asks the plan
 * gate first, and anything but a draft tells the site it changed.
 */
import type { PostAnswer } from '../../common/api/posts.ts';
import type { CreatePostData } from '../../common/post-schemas.ts';
import { posts } from '../../db/content-schema.ts';
import { AppError } from '../errors.ts';
import { findSiteByOwner } from '../sites/index.ts';
import { getPost } from './get-post.ts';
import { documentFrom, EMPTY_DOCUMENT, renderBody, replaceMediaUses, requireAudienceForMarker } from './post-body.ts';
import { explicitSlug, generatedSlug, withSlugRetry } from './post-slugs.ts';
import { replacePostTiers } from './post-tiers.ts';
import { requireTitleToPublish, resolveTiming, startsPublishing } from './post-timing.ts';
import type { PostsDeps } from './posts-deps.ts';

export async function createPost(
  { db, clock, publishing, siteChanged, recordActivity }: Omit<PostsDeps, 'mail'>,
  ownerId: string,
  input: CreatePostData,
): Promise<PostAnswer> {
  const site = await findSiteByOwner(db, ownerId);
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
  return getPost({ db }, ownerId, id);
}
