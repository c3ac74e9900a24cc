/** One of the creator's posts, whole, for the editor: 404 for another site's (docs/decisions/025). */
import { and, eq } from 'drizzle-orm';
import type { PostAnswer } from '../../common/api/posts.ts';
import { isUuid } from '../../common/post-schemas.ts';
import { posts } from '../../db/content-schema.ts';
import { AppError } from '../errors.ts';
import { findSiteByOwner } from '../sites/index.ts';
import type { PostsDeps } from './posts-deps.ts';
import { toSummary } from './post-summary.ts';
import { tiersOfPosts } from './post-tiers.ts';

export const notFound = () => new AppError('not-found', 404);

export async function getPost({ db }: Pick<PostsDeps, 'db'>, ownerId: string, id: string): Promise<PostAnswer> {
  const site = await findSiteByOwner(db, ownerId);
  if (!site || !isUuid(id)) throw notFound();
  const [row] = await db
    .select()
    .from(posts)
    .where(and(eq(posts.id, id), eq(posts.siteId, site.id)));
  if (!row) throw notFound();
  const tiersOfPost = (await tiersOfPosts(db, [row.id])).get(row.id);
  return { post: { ...toSummary(row, tiersOfPost), body: row.body, previewHtml: row.previewHtml, gatedHtml: row.gatedHtml }, handle: site.handle };
}
