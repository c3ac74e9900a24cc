/**
 * The rows the public pages are rendered from, as the site's reads give them
 * (server/site-content/): types only, so rendering reads no database and
 * newsletters, messages and the member's feed render the same rows.
 */
import type { media, posts, tiers } from '../../db/content-schema.ts';

export type MediaRow = Pick<typeof media.$inferSelect, 'id' | 'kind' | 'originalName' | 'type' | 'bytes' | 'derived' | 'alt'>;

/** A post with what the access rule needs: the tiers a `tiers` post opens to, and whether anything sits behind the members-only marker. */
export type PostRow = typeof posts.$inferSelect & { tierIds: string[]; hasGatedPart: boolean };

/** A post in a list (home page, sections): no body; the comments readers see counted. */
export type PostSummary = Pick<typeof posts.$inferSelect, 'id' | 'slug' | 'title' | 'excerpt' | 'visibility' | 'publishedAt' | 'coverMediaId'> & { commentCount: number };

export type TierRow = Pick<typeof tiers.$inferSelect, 'id' | 'name' | 'description' | 'benefits' | 'type' | 'monthlyPrice' | 'yearlyPrice' | 'currency'>;
