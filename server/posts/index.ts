/** What other rooms use of server/posts/ (docs/architecture.md): its public surface. */
export { createLivePosts, type LivePosts } from './live.ts';
export { createPostsFeature } from './posts-feature.ts';
export { createPostsService } from './posts-service.ts';
export { publishScheduledJob } from './publish-scheduled.ts';
export { importHtml, type ImportedImages } from './import-html.ts';
export { deleteImportedPosts, writeImportedPost } from './import-post.ts';
