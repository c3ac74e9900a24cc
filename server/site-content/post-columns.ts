/**
 * Columns the public site's reads of posts share: a post in a list, and what
 * the access rule needs of a post (its tiers, whether it keeps a gated part),
 * read with the post in the same query.
 */
import { sql } from 'drizzle-orm';
import { posts } from '../../db/content-schema.ts';
import { postTiers } from '../../db/money-schema.ts';

export const postSummaryColumns = {
  id: posts.id,
  slug: posts.slug,
  title: posts.title,
  excerpt: posts.excerpt,
  visibility: posts.visibility,
  publishedAt: posts.publishedAt,
  coverMediaId: posts.coverMediaId,
  /** Comments readers see (docs/decisions/097): the comments_post_idx range of one post. */
  // Written out: a lone-table select leaves drizzle's columns unqualified, and `id` would name the comment's own.
  commentCount: sql<number>`(select count(*)::int from comments c where c.post_id = "posts"."id" and c.hidden_at is null)`,
};

/** The tiers a `tiers` post opens to, read with the post itself (as text: both drivers parse a json array alike). */
export const tierIdsColumn = sql<string[]>`coalesce((select json_agg(${postTiers.tierId}::text) from ${postTiers} where ${postTiers.postId} = ${posts.id}), '[]'::json)`;

/** Whether the post keeps anything behind the members-only marker, for the access rule (the length is read without loading the text). */
export const hasGatedPartColumn = sql<boolean>`(${posts.gatedHtml} <> '')`;
