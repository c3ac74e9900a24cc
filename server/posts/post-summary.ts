/** A post as the studio's list shows it: the columns it reads and their JSON (common/api/posts.ts). */
import type { PostSummary } from '../../common/api/posts.ts';
import { posts } from '../../db/content-schema.ts';

type PostRow = typeof posts.$inferSelect;

/** The columns of a list row: the body and its HTML stay in the database. */
export const SUMMARY_COLUMNS = {
  id: posts.id,
  slug: posts.slug,
  title: posts.title,
  excerpt: posts.excerpt,
  status: posts.status,
  visibility: posts.visibility,
  publishedAt: posts.publishedAt,
  coverMediaId: posts.coverMediaId,
  createdAt: posts.createdAt,
  updatedAt: posts.updatedAt,
};

type SummaryRow = Pick<PostRow, keyof typeof SUMMARY_COLUMNS>;
export type PostTier = { id: string; name: string };

export function toSummary(row: SummaryRow, tiersOfPost: readonly PostTier[] = []): PostSummary {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    status: row.status,
    visibility: row.visibility,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    coverMediaId: row.coverMediaId,
    tierIds: tiersOfPost.map((tier) => tier.id),
    tierNames: tiersOfPost.map((tier) => tier.name),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
