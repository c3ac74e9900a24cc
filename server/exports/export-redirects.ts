/**
 * redirects.json: the site's old addresses (post_redirects, made by earlier
 * imports) by post slug, so a site that moves again keeps its old links. Read
 * a page at a time by path, the table's key within a site.
 */
import { and, asc, eq, gt } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { posts } from '../../db/content-schema.ts';
import { postRedirects } from '../../db/move-schema.ts';
import type { ExportedRedirect } from './export-format.ts';
import { jsonArray, keysetPages } from './json-pages.ts';

const PAGE = 1000;

export function redirectsJson(db: Database, siteId: string): AsyncGenerator<string> {
  const pages = keysetPages(
    (after: ExportedRedirect | undefined): Promise<ExportedRedirect[]> =>
      db
        .select({ path: postRedirects.path, post: posts.slug })
        .from(postRedirects)
        .innerJoin(posts, eq(posts.id, postRedirects.postId))
        .where(and(eq(postRedirects.siteId, siteId), after ? gt(postRedirects.path, after.path) : undefined))
        .orderBy(asc(postRedirects.path))
        .limit(PAGE),
  );
  return jsonArray(pages);
}
