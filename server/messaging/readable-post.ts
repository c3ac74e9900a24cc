/** The live post a reader may read whole, or 404: comments are never shown under a preview; 410 on a suspended site. */
import { postAccess, readerStanding } from '../access/index.ts';
import { sitePostBySlug } from '../site-content/index.ts';
import { refuseIfSuspended } from '../site-standing/index.ts';
import { findSiteByHandle } from '../sites/index.ts';
import { notFound, type CommentsDeps } from './comments-deps.ts';

export async function readablePost({ db, clock, livePosts }: Pick<CommentsDeps, 'db' | 'clock' | 'livePosts'>, handle: string, slug: string, userId: string | undefined) {
  const site = await findSiteByHandle(db, handle);
  if (!site?.publishedAt) throw notFound();
  await refuseIfSuspended(db, site.id);
  const post = await sitePostBySlug(db, site.id, slug, livePosts(clock()));
  if (!post?.live) throw notFound();
  const standing = await readerStanding(db, site, userId);
  if (postAccess(post, standing, clock()) !== 'whole') throw notFound();
  return { site, post, standing };
}
