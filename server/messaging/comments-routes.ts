/** The comments API (common/api/comments.ts): parse, call one function of the comments service, answer. */
import express, { Router, type Request, type Response } from 'express';
import type { AnswerOf } from '../../common/api/endpoint.ts';
import type * as commentsApi from '../../common/api/comments.ts';
import type { CommentJson } from '../../common/api/comments.ts';
import { commentPatchSchema, commentSchema } from '../../common/messaging-schemas.ts';
import { requireUser, requireVerifiedCreator, type AuthLocals } from '../auth/index.ts';
import { parseInput } from '../http/index.ts';
import type { CommentsService, CommentView } from './comments-service.ts';

type Locals = Response<unknown, AuthLocals>;
type Answer<Name extends keyof typeof commentsApi> = (typeof commentsApi)[Name] extends infer E ? AnswerOf<E> : never;
type SignedIn = Response<unknown, Required<AuthLocals>>;
const json = express.json({ limit: '16kb' });

function toJson(comment: CommentView): CommentJson {
  return {
    id: comment.id,
    parentId: comment.parentId,
    authorName: comment.authorName,
    byCreator: comment.byCreator,
    text: comment.text,
    createdAt: comment.createdAt.toISOString(),
    editedAt: comment.editedAt?.toISOString() ?? null,
    hidden: comment.hidden,
    pinned: comment.pinned,
    replies: comment.replies.map(toJson),
  };
}

function pageOf(value: unknown): number {
  const page = typeof value === 'string' && /^\d{1,5}$/.test(value) ? Number(value) : 1;
  return Math.max(1, page);
}

export function siteCommentRoutes({ comments }: { comments: CommentsService }): Router {
  const router = Router();
  router.get('/:handle/posts/:slug/comments', async (req: Request, res: Locals) => {
    const answer = await comments.list(String(req.params.handle), String(req.params.slug), res.locals.auth?.user.id, pageOf(req.query.page));
    res.set('Cache-Control', 'private, no-cache').json({ ...answer, comments: answer.comments.map(toJson) } satisfies Answer<'listComments'>);
  });
  router.post('/:handle/posts/:slug/comments', requireUser, json, async (req: Request, res: SignedIn) => {
    const input = parseInput(commentSchema, req.body);
    const created = await comments.create(String(req.params.handle), String(req.params.slug), res.locals.auth.user.id, input);
    res.status(201).json({ id: created.id } satisfies Answer<'postComment'>);
  });
  return router;
}

export function commentRoutes({ comments }: { comments: CommentsService }): Router {
  const router = Router();
  router.patch('/:id', requireUser, json, async (req: Request, res: SignedIn) => {
    const patch = parseInput(commentPatchSchema, req.body);
    await comments.update(res.locals.auth.user.id, String(req.params.id), patch);
    res.status(204).end();
  });
  router.delete('/:id', requireUser, async (req: Request, res: SignedIn) => {
    await comments.remove(res.locals.auth.user.id, String(req.params.id));
    res.status(204).end();
  });
  return router;
}

export function closedCommentRoutes({ comments }: { comments: CommentsService }): Router {
  const router = Router();
  router.post('/:id/comments-closed', requireVerifiedCreator, async (req: Request, res: SignedIn) => {
    await comments.setClosed(res.locals.auth.user.id, { id: String(req.params.id) }, true);
    res.status(204).end();
  });
  router.delete('/:id/comments-closed', requireVerifiedCreator, async (req: Request, res: SignedIn) => {
    await comments.setClosed(res.locals.auth.user.id, { id: String(req.params.id) }, false);
    res.status(204).end();
  });
  return router;
}
