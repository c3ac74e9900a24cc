/**
 * An imported post's old address (DESIGN.md "Move in, move out"): the slug of
 * the live post a path of the old site now leads to. The path is compared
 * with and without its trailing slash, as old sites wrote both.
 */
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { posts } from '../../db/content-schema.ts';
import { postRedirects } from '../../db/move-schema.ts';

/** Stored paths are at most this long (an old site's own paths); a longer one costs no query. */
const MAX_PATH_LENGTH = 2000;

/** `/a/b/` and `/a/b`, with their query and without it (a shared link's `?utm_source=`); `/?p=12` as it is. */
function pathForms(path: string): string[] {
  const at = path.indexOf('?');
  const route = at === -1 ? path : path.slice(0, at);
  if (route === '/' || route === '') return [path];
  const bare = route.replace(/\/+$/, '');
  const query = at === -1 ? '' : path.slice(at);
  return [...new Set([`${bare}${query}`, `${bare}/${query}`, bare, `${bare}/`])];
}

export async function redirectedPostSlug(db: Database, siteId: string, path: string, live: SQL): Promise<string | undefined> {
  if (path.length > MAX_PATH_LENGTH || !path.startsWith('/')) return undefined;
  const [row] = await db
    .select({ slug: posts.slug })
    .from(postRedirects)
    .innerJoin(posts, eq(posts.id, postRedirects.postId))
    .where(and(eq(postRedirects.siteId, siteId), inArray(postRedirects.path, pathForms(path)), live))
    .limit(1);
  return row?.slug;
}
