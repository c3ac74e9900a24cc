/** /api/posts: parse with common/ schemas, call one function of the posts service, answer (common/api/posts.ts). */
import express, { Router, type Request, type Response } from 'express';
import type { AnswerOf } from '../../common/api/endpoint.ts';
import type * as postsApi from '../../common/api/posts.ts';
import { createPostSchema, listPostsSchema, updatePostSchema } from '../../common/post-schemas.ts';
import { requireVerifiedCreator, type AuthLocals } from '../auth/index.ts';
import { parseInput } from '../http/index.ts';
import type { PostsService } from './posts-service.ts';

type AuthResponse = Response<unknown, AuthLocals>;
type PostsAnswer<Name extends keyof typeof postsApi> = AnswerOf<(typeof postsApi)[Name]>;

/** A long post's document, or an imported one, with room to spare; the schemas then limit its depth and node count. */
const BODY_LIMIT = '2mb';

const userId = (res: AuthResponse) => res.locals.auth!.user.id;
const idOf = (req: Request) => String(req.params.id);

export function postsRoutes({ posts }: { posts: PostsService }): Router {
  const router = Router();
  const json = express.json({ limit: BODY_LIMIT });
  router.use(requireVerifiedCreator);
  // A creator's drafts are theirs alone: no shared cache keeps them.
  router.use((_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });

  router.get('/', async (req: Request, res: AuthResponse) => {
    const query = parseInput(listPostsSchema, req.query);
    res.json((await posts.list(userId(res), query)) satisfies PostsAnswer<'listPosts'>);
  });

  router.post('/', json, async (req: Request, res: AuthResponse) => {
    const input = parseInput(createPostSchema, req.body);
    res.status(201).json((await posts.create(userId(res), input)) satisfies PostsAnswer<'createPost'>);
  });

  router.get('/:id', async (req: Request, res: AuthResponse) => {
    res.json((await posts.get(userId(res), idOf(req))) satisfies PostsAnswer<'getPost'>);
  });

  router.patch('/:id', json, async (req: Request, res: AuthResponse) => {
    const patch = parseInput(updatePostSchema, req.body);
    res.json((await posts.update(userId(res), idOf(req), patch)) satisfies PostsAnswer<'updatePost'>);
  });

  router.delete('/:id', async (req: Request, res: AuthResponse) => {
    await posts.remove(userId(res), idOf(req));
    res.status(204).end();
  });

  return router;
}
