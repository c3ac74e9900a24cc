/**
 * posts/{slug}.json (every column that matters, the editor's document, the
 * tier names of a `tiers` post) and posts/{slug}.html (the rendered body, for
 * people and other tools), read a page at a time by id so memory stays flat.
 */
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import { MEMBERS_ONLY_COMMENT } from '../../common/posts.ts';
import type { Database } from '../../db/connect.ts';
import { posts, tiers } from '../../db/content-schema.ts';
import { postTiers } from '../../db/money-schema.ts';
import { text as escapeHtml } from '../rendering/index.ts';
import { POSTS_FOLDER, type ExportedPost } from './export-format.ts';
import type { ExportZip } from './export-zip.ts';

const PAGE = 200;

type PostRow = typeof posts.$inferSelect;

async function tierNamesOf(db: Database, postIds: string[]): Promise<Map<string, string[]>> {
  const byPost = new Map<string, string[]>();
  if (postIds.length === 0) return byPost;
  const rows = await db
    .select({ postId: postTiers.postId, name: tiers.name })
    .from(postTiers)
    .innerJoin(tiers, eq(tiers.id, postTiers.tierId))
    .where(inArray(postTiers.postId, postIds))
    .orderBy(asc(tiers.position), asc(tiers.name));
  for (const { postId, name } of rows) byPost.set(postId, [...(byPost.get(postId) ?? []), name]);
  return byPost;
}

function exportedPost(row: PostRow, tierNames: string[]): ExportedPost {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    status: row.status,
    visibility: row.visibility,
    tierNames: row.visibility === 'tiers' ? tierNames : [],
    publishedAt: row.publishedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    coverMediaId: row.coverMediaId,
    body: row.body,
  };
}

/** A page of its own; the members-only part follows the marker comment, as in an imported post's HTML. */
function postHtml(row: PostRow): string {
  const gated = row.gatedHtml ? `\n${MEMBERS_ONLY_COMMENT}\n${row.gatedHtml}` : '';
  return `<!doctype html>\n<html><head><meta charset="utf-8"><title>${escapeHtml(row.title)}</title></head>\n<body>\n<h1>${escapeHtml(row.title)}</h1>\n${row.previewHtml}${gated}\n</body></html>\n`;
}

/** Adds every post of the site; answers how many. */
export async function addPosts(zip: ExportZip, db: Database, siteId: string): Promise<number> {
  let after: string | undefined;
  let count = 0;
  for (;;) {
    const rows = await db
      .select()
      .from(posts)
      .where(and(eq(posts.siteId, siteId), after ? gt(posts.id, after) : undefined))
      .orderBy(asc(posts.id))
      .limit(PAGE);
    if (rows.length === 0) return count;
    const tierNames = await tierNamesOf(
      db,
      rows.filter((row) => row.visibility === 'tiers').map((row) => row.id),
    );
    for (const row of rows) {
      await zip.add(`${POSTS_FOLDER}${row.slug}.json`, `${JSON.stringify(exportedPost(row, tierNames.get(row.id) ?? []), null, 2)}\n`);
      await zip.add(`${POSTS_FOLDER}${row.slug}.html`, postHtml(row));
    }
    count += rows.length;
    after = rows.at(-1)!.id;
  }
}
