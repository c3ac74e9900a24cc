/**
 * The no-JavaScript half of comments: the post page's forms post here and
 * are sent back (303) to the post, at the comment or the comments, with a
 * notice. The talk script posts the same forms and swaps in the new section.
 */
import express, { Router, type Request, type RequestHandler, type Response } from 'express';
import { commentSchema } from '../../common/messaging-schemas.ts';
import { AppError } from '../errors.ts';
import type { AuthLocals } from '../auth/index.ts';
import type { CommentNotice } from './comments-html.ts';
import type { CommentsService } from './comments-service.ts';
import { suspendedSiteAnswer } from './suspended-site-answer.ts';

const form = express.urlencoded({ extended: false, limit: '16kb' });
type Patch = { text?: string; hidden?: boolean; pinned?: boolean; blockAuthor?: boolean };
const MODERATION: Record<string, Patch> = {
  hide: { hidden: true },
  unhide: { hidden: false },
  pin: { pinned: true },
  unpin: { pinned: false },
  block: { blockAuthor: true },
};

function noticeOf(error: unknown): CommentNotice {
  if (!(error instanceof AppError) || error.code === 'site-suspended') throw error;
  if (error.code === 'too-many-comments' || error.code === 'too-many-requests') return 'limit';
  if (error.code === 'edit-window-over') return 'edit-over';
  if (error.status === 400) return 'empty';
  if (error.status === 403) return 'closed';
  throw error;
}

type PageResponse = Response<unknown, AuthLocals>;

/** A form's fields as strings; anything else (a repeated field) counts as absent. */
function fields(req: Request): { text?: string; parentId?: string } {
  const body = (req.body ?? {}) as Record<string, unknown>;
  const field = (name: string) => (typeof body[name] === 'string' ? body[name] : undefined);
  const text = field('text');
  const parentId = field('parentId');
  return { ...(text !== undefined ? { text } : {}), ...(parentId ? { parentId } : {}) };
}

export function commentPageRoutes({ comments, session, sameOrigin }: { comments: CommentsService; session: RequestHandler; sameOrigin: RequestHandler }): Router {
  const router = Router();
  const postPath = (handle: string, slug: string) => `/@${encodeURIComponent(handle)}/posts/${encodeURIComponent(slug)}`;
  const back = (res: PageResponse, handle: string, slug: string, notice: CommentNotice | undefined, anchor: string) =>
    res.redirect(303, `${postPath(handle, slug)}${notice ? `?cnotice=${notice}` : ''}#${anchor}`);

  /** The signed-in user, or the way to sign in and come back to the post. */
  function signedIn(req: Request, res: PageResponse, handle: string, slug: string): string | undefined {
    const userId = res.locals.auth?.user.id;
    // The site's own sign-in by e-mail (docs/decisions/152), not the platform's login.
    if (!userId) res.redirect(303, `/@${encodeURIComponent(handle)}/sign-in?next=${encodeURIComponent(`${postPath(handle, slug)}#comments`)}`);
    return userId;
  }

  router.post('/@:handle/posts/:slug/comments', sameOrigin, session, form, async (req: Request, res: PageResponse) => {
    const handle = String(req.params.handle).toLowerCase();
    const slug = String(req.params.slug);
    const userId = signedIn(req, res, handle, slug);
    if (!userId) return;
    const body = fields(req);
    const parsed = commentSchema.safeParse({ text: body.text, ...(body.parentId ? { parentId: body.parentId } : {}) });
    if (!parsed.success) return back(res, handle, slug, 'empty', 'comments');
    try {
      const created = await comments.create(handle, slug, userId, parsed.data);
      back(res, handle, slug, 'posted', `comment-${created.id}`);
    } catch (error) {
      back(res, handle, slug, noticeOf(error), 'comments');
    }
  });

  router.post('/@:handle/posts/:slug/comments/:state', sameOrigin, session, form, async (req: Request, res: PageResponse, next) => {
    if (req.params.state !== 'open' && req.params.state !== 'close') return next();
    const handle = String(req.params.handle).toLowerCase();
    const slug = String(req.params.slug);
    const userId = signedIn(req, res, handle, slug);
    if (!userId) return;
    await comments.setClosed(userId, { slug }, req.params.state === 'close');
    back(res, handle, slug, undefined, 'comments');
  });

  router.post('/@:handle/comments/:id/:action', sameOrigin, session, form, async (req: Request, res: PageResponse) => {
    const userId = res.locals.auth?.user.id;
    if (!userId) throw new AppError('unauthenticated', 401);
    const id = String(req.params.id);
    const action = String(req.params.action);
    if (action === 'delete') {
      const { handle, slug } = await comments.remove(userId, id);
      return back(res, handle, slug, 'deleted', 'comments');
    }
    const patch: Patch | undefined = action === 'edit' ? { text: (fields(req).text ?? '').trim() } : MODERATION[action];
    if (!patch) throw new AppError('not-found', 404);
    if (patch.text !== undefined && !commentSchema.shape.text.safeParse(patch.text).success) throw new AppError('invalid-input', 400, 'text');
    const { handle, slug } = await comments.locate(id);
    const notice = await comments.update(userId, id, patch).then(
      () => undefined,
      (error: unknown) => noticeOf(error),
    );
    back(res, handle, slug, notice, notice ? 'comments' : `comment-${id}`);
  });

  router.use(suspendedSiteAnswer);
  return router;
}
