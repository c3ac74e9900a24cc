/**
 * The creator's posts: list, write, read, delete, and the scheduled posts'
 * publishing. Every function takes the acting user's id and works within that
 * user's site only, so another creator's post is simply not found (404, never
 * 403: docs/decisions/025). A write renders and sanitises the body, keeps the
 * slug unique and rewrites the post's media uses in one transaction.
 *
 * Each use case is its own file of plain functions handed their dependencies
 * (list-posts.ts, get-post.ts, create-post.ts, update-post.ts, delete-post.ts,
 * publish-due-posts.ts); this factory composes them.
 */
import type { CreatePostData, UpdatePostData } from '../../common/post-schemas.ts';
import { createPost } from './create-post.ts';
import { deletePost } from './delete-post.ts';
import { getPost } from './get-post.ts';
import { listPosts, type ListPostsQuery } from './list-posts.ts';
import type { PostsDeps } from './posts-deps.ts';
import { publishDuePosts } from './publish-due-posts.ts';
import { updatePost } from './update-post.ts';

export type { PostsDeps, PublishingGate, PublishingMail } from './posts-deps.ts';

export function createPostsService(deps: PostsDeps) {
  return {
    list: (ownerId: string, query: ListPostsQuery) => listPosts(deps, ownerId, query),
    get: (ownerId: string, id: string) => getPost(deps, ownerId, id),
    create: (ownerId: string, input: CreatePostData) => createPost(deps, ownerId, input),
    update: (ownerId: string, id: string, patch: UpdatePostData) => updatePost(deps, ownerId, id, patch),
    remove: (ownerId: string, id: string) => deletePost(deps, ownerId, id),
    publishDue: () => publishDuePosts(deps),
  };
}

export type PostsService = ReturnType<typeof createPostsService>;
