/**
 * The post page's comments section (server/public-site/post-route.ts calls
 * it for a reader who may read the post whole): the comments page asked for
 * (`?comments=N`), the reader's standing, rendered by comments-html.ts.
 */
import type { ReaderStanding } from '../access/index.ts';
import type { Clock } from '../clock.ts';
import type { PostRow } from '../site-content/index.ts';
import { sitePath, type Site } from '../sites/index.ts';
import { COMMENT_NOTICES, commentsHtml } from './comments-html.ts';
import type { CommentsService } from './comments-service.ts';

export interface CommentsSectionInput {
  site: Site;
  post: PostRow;
  standing: ReaderStanding;
  readerId: string | undefined;
  query: Record<string, unknown>;
}

export type CommentsSection = (input: CommentsSectionInput) => Promise<string>;

export function postComments({ comments, clock }: { comments: Pick<CommentsService, 'forPage'>; clock: Clock }): CommentsSection {
  return async ({ site, post, standing, readerId, query }) => {
    const raw = typeof query.comments === 'string' && /^\d{1,5}$/.test(query.comments) ? Number(query.comments) : 1;
    const found = await comments.forPage(site, post, standing, readerId, Math.max(1, raw));
    if (!found) return '';
    const notice = COMMENT_NOTICES.find((candidate) => candidate === query.cnotice);
    return commentsHtml({ sitePrefix: sitePath(site, '/').replace(/\/$/, ''), slug: post.slug, siteTitle: site.title, page: found, refusal: found.refusal, userId: readerId, isOwner: standing.isOwner, now: clock(), notice });
  };
}
