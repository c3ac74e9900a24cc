/**
 * The keyset of the studio's posts list (GET /api/posts): newest first by
 * when a post was or will be published (its creation for a draft), then by
 * creation, then by id, so every row has one place and the next page starts
 * right after the last row of this one however deep it is. A cursor carries
 * that row's key as whole microseconds since 1970 (exact, so two posts saved
 * in the same millisecond are never skipped or shown twice) and its id.
 */
import { sql, type SQL } from 'drizzle-orm';
import { isUuid } from '../../common/post-schemas.ts';
import { posts } from '../../db/content-schema.ts';
import { badRequest } from '../errors.ts';

const micros = (timestamp: SQL) => sql<string>`floor(extract(epoch from ${timestamp}) * 1000000)::bigint`;

export const LIST_ORDER_KEYS = {
  shownAt: micros(sql`coalesce(${posts.publishedAt}, ${posts.createdAt})`),
  createdAt: micros(sql`${posts.createdAt}`),
};

export interface ListCursor {
  shownAt: string;
  createdAt: string;
  id: string;
}

// A bigint's digits, with room for any date a post can carry and nothing a cast could refuse.
const MICROS_PATTERN = /^-?\d{1,18}$/;

export function encodeListCursor(cursor: ListCursor): string {
  return Buffer.from(JSON.stringify([cursor.shownAt, cursor.createdAt, cursor.id])).toString('base64url');
}

/** A cursor this server did not make, or mangled, is a 400 (never a 500 from a failed cast). */
export function decodeListCursor(text: string): ListCursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw badRequest('invalid-input');
  }
  if (!Array.isArray(parsed) || parsed.length !== 3 || !parsed.every((part) => typeof part === 'string')) throw badRequest('invalid-input');
  const [shownAt, createdAt, id] = parsed as [string, string, string];
  if (!MICROS_PATTERN.test(shownAt) || !MICROS_PATTERN.test(createdAt) || !isUuid(id)) throw badRequest('invalid-input');
  return { shownAt, createdAt, id };
}

/** The rows after the cursor's, in the list's order (every key descending). */
export function afterCursor(cursor: ListCursor): SQL {
  return sql`(${LIST_ORDER_KEYS.shownAt}, ${LIST_ORDER_KEYS.createdAt}, ${posts.id}) < (${cursor.shownAt}::bigint, ${cursor.createdAt}::bigint, ${cursor.id}::uuid)`;
}
