/** The comments a reader sees under a post, with whether they may write: inside the post's page, or on their own (the API). */
import { postAccess, type ReaderStanding } from '../access/index.ts';
import type { PostRow } from '../site-content/index.ts';
import type { Site } from '../sites/index.ts';
import { refusalOf } from './comment-refusals.ts';
import type { CommentsDeps } from './comments-deps.ts';
import { commentsPage } from './comments-page.ts';
import { readablePost } from './readable-post.ts';

type Reads = Pick<CommentsDeps, 'db' | 'clock' | 'livePosts'>;

/** The comments a reader sees under a post they may read whole; undefined for a preview (no comments there). */
export async function commentsForPage(deps: Reads, site: Site, post: PostRow, standing: ReaderStanding, userId: string | undefined, pageNumber: number) {
  if (postAccess(post, standing, deps.clock()) !== 'whole') return undefined;
  const [list, refusal] = await Promise.all([commentsPage(deps, site, post.id, pageNumber, standing.isOwner), refusalOf(deps, site, post, standing, userId)]);
  return { ...list, refusal };
}

export async function listComments(deps: Reads, handle: string, slug: string, userId: string | undefined, pageNumber: number) {
  const { site, post, standing } = await readablePost(deps, handle, slug, userId);
  const [list, refusal] = await Promise.all([commentsPage(deps, site, post.id, pageNumber, standing.isOwner), refusalOf(deps, site, post, standing, userId)]);
  return { ...list, refusal: refusal ?? null };
}
