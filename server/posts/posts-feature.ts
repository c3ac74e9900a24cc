/** The posts feature: the creator's posts under /api/posts (DESIGN.md "HTTP API added"). */
import { Router, type RequestHandler } from 'express';
import type { Feature } from '../feature.ts';
import { postsRoutes } from './posts-routes.ts';
import type { PostsService } from './posts-service.ts';

export function createPostsFeature({ posts, sameOrigin }: { posts: PostsService; sameOrigin: RequestHandler }): Feature {
  return {
    name: 'posts',
    routers: [{ path: '/api/posts', handler: Router().use(sameOrigin, postsRoutes({ posts })) }],
  };
}
