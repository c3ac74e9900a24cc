/**
 * What an import's undo (undo-import.ts) leaves although the import made it,
 * because the site has taken it up since (docs/decisions/160, "What the undo
 * keeps"): a post edited after the import finished or commented on since (the
 * readers' comments would go with it), and media the site's design names,
 * draft, published or a kept version (a logo, a hero, a gallery picture the
 * creator chose from the imported files).
 */
import { and, eq, gt, inArray, or, exists } from 'drizzle-orm';
import { designMediaIds, type Design } from '../../common/design.ts';
import { posts } from '../../db/content-schema.ts';
import { siteDesigns, siteDesignVersions } from '../../db/design-schema.ts';
import { comments } from '../../db/messaging-schema.ts';
import type { Transaction } from '../../db/transaction.ts';

const SLICE = 1000;

/** Of `postIds`, the posts edited or commented on after `finishedAt`. */
export async function postsTakenUpSince(tx: Transaction, siteId: string, postIds: readonly string[], finishedAt: Date): Promise<Set<string>> {
  const kept = new Set<string>();
  for (let start = 0; start < postIds.length; start += SLICE) {
    const rows = await tx
      .select({ id: posts.id })
      .from(posts)
      .where(
        and(
          eq(posts.siteId, siteId),
          inArray(posts.id, postIds.slice(start, start + SLICE)),
          or(gt(posts.updatedAt, finishedAt), exists(tx.select({ id: comments.id }).from(comments).where(and(eq(comments.postId, posts.id), gt(comments.createdAt, finishedAt))))),
        ),
      );
    for (const row of rows) kept.add(row.id);
  }
  return kept;
}

/** Every media id the site's design names: its draft, its published design and the versions it keeps for restore. */
export async function mediaTheDesignNames(tx: Transaction, siteId: string): Promise<Set<string>> {
  const [current] = await tx.select({ draft: siteDesigns.draft, published: siteDesigns.published }).from(siteDesigns).where(eq(siteDesigns.siteId, siteId));
  const versions = await tx.select({ design: siteDesignVersions.design }).from(siteDesignVersions).where(eq(siteDesignVersions.siteId, siteId));
  const designs: Design[] = [current?.draft, current?.published, ...versions.map((version) => version.design)].filter((design): design is Design => Boolean(design));
  return new Set(designs.flatMap((design) => designMediaIds(design).map((use) => use.id)));
}
