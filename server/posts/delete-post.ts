/** Deletes one of the creator's posts; the site changed unless it was a draft nobody could see. */
import { and, eq } from 'drizzle-orm';
import { isUuid } from '../../common/post-schemas.ts';
import { posts } from '../../db/content-schema.ts';
import { findSiteByOwner } from '../sites/index.ts';
import { notFound } from './get-post.ts';
import type { PostsDeps } from './posts-deps.ts';

export async function deletePost({ db, siteChanged }: Pick<PostsDeps, 'db' | 'siteChanged'>, ownerId: string, id: string): Promise<void> {
  const site = await findSiteByOwner(db, ownerId);
  if (!site || !isUuid(id)) throw notFound();
  const deleted = await db
    .delete(posts)
    .where(and(eq(posts.id, id), eq(posts.siteId, site.id)))
    .returning({ id: posts.id, status: posts.status });
  if (deleted.length === 0) throw notFound();
  if (deleted[0]!.status !== 'draft') await siteChanged(site.id);
}
