/**
 * A post's slug, unique within its site: the creator's own (refused when
 * taken) or one generated from the title (the first free `base`, `base-2`...).
 * The unique index has the last word: a generated slug another write took
 * between our check and our insert makes the write run again.
 */
import { and, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { firstFreeSlug, slugify } from '../../common/slugs.ts';
import { posts } from '../../db/content-schema.ts';
import { escapeLike, type Transaction } from '../../db/transaction.ts';
import { AppError } from '../errors.ts';

/** A generated slug another write took meanwhile is retried with the next number this many times. */
const SLUG_ATTEMPTS = 5;

const slugTaken = () => new AppError('slug-taken', 409, 'slug');

/** A unique violation of the per-site slug index, through drizzle's wrapping (`cause`). */
function isSlugViolation(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 5) return false;
  const { code, cause } = error as { code?: unknown; cause?: unknown };
  if (code === '23505' && JSON.stringify(error, Object.getOwnPropertyNames(error)).includes('posts_site_slug_unique')) return true;
  return isSlugViolation(cause, depth + 1);
}

async function slugsLike(tx: Transaction, siteId: string, base: string, exceptId?: string): Promise<Set<string>> {
  const conditions: SQL[] = [eq(posts.siteId, siteId), or(eq(posts.slug, base), ilike(posts.slug, `${escapeLike(base)}-%`))!];
  if (exceptId) conditions.push(sql`${posts.id} <> ${exceptId}`);
  const rows = await tx.select({ slug: posts.slug }).from(posts).where(and(...conditions));
  return new Set(rows.map((row) => row.slug));
}

export async function explicitSlug(tx: Transaction, siteId: string, slug: string, exceptId?: string): Promise<string> {
  const conditions: SQL[] = [eq(posts.siteId, siteId), eq(posts.slug, slug)];
  if (exceptId) conditions.push(sql`${posts.id} <> ${exceptId}`);
  const [taken] = await tx.select({ id: posts.id }).from(posts).where(and(...conditions)).limit(1);
  if (taken) throw slugTaken();
  return slug;
}

export async function generatedSlug(tx: Transaction, siteId: string, title: string, exceptId?: string): Promise<string> {
  const base = slugify(title) || (title ? 'post' : 'untitled');
  return firstFreeSlug(base, await slugsLike(tx, siteId, base, exceptId));
}

/** Runs a write again when a generated slug was taken by a concurrent write between our check and our insert. */
export async function withSlugRetry<T>(write: () => Promise<T>, slugIsExplicit: boolean): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await write();
    } catch (error) {
      if (!isSlugViolation(error)) throw error;
      if (slugIsExplicit || attempt >= SLUG_ATTEMPTS) throw slugTaken();
    }
  }
}
