/**
 * The export's comments under the imported posts: parents before replies,
 * each author found by address (an author gone, or not among this site's
 * accounts, shows as "Deleted member"), hidden and pinned kept. Recorded as
 * kind `comment` by the export's id, so a rerun makes none twice.
 */
import { comments as commentsTable } from '../../../db/messaging-schema.ts';
import type { ImportsDeps } from '../import-deps.ts';
import { findItems, recordItems, type ImportScope } from '../import-items.ts';
import { letRequestsIn } from '../let-requests-in.ts';
import type { SourceComment } from '../sources/source-bundle.ts';

const BATCH = 500;

/** Answers how many comments it made now. */
export async function writePlatformComments(
  deps: ImportsDeps,
  scope: ImportScope,
  comments: SourceComment[],
  postIdByKey: ReadonlyMap<string, string>,
  userIdByEmail: ReadonlyMap<string, string>,
): Promise<number> {
  const idByKey = await findItems(deps.db, scope, 'comment', comments.map((comment) => comment.key));
  const waiting = comments.filter((comment) => !idByKey.has(comment.key) && postIdByKey.has(comment.postKey));
  let made = 0;
  // One level of replies: every parent is a top-level comment, so the top level is written first, then the replies.
  for (const level of [waiting.filter((comment) => comment.parentKey === null), waiting.filter((comment) => comment.parentKey !== null)]) {
    for (let start = 0; start < level.length; start += BATCH) {
      const batch = level.slice(start, start + BATCH).filter((comment) => comment.parentKey === null || idByKey.has(comment.parentKey));
      if (batch.length === 0) continue;
      await letRequestsIn();
      await deps.db.transaction(async (tx) => {
        const rows = await tx
          .insert(commentsTable)
          .values(
            batch.map((comment) => ({
              siteId: scope.siteId,
              postId: postIdByKey.get(comment.postKey)!,
              parentId: comment.parentKey === null ? null : idByKey.get(comment.parentKey)!,
              authorId: comment.authorEmail ? (userIdByEmail.get(comment.authorEmail.toLowerCase()) ?? null) : null,
              body: comment.body,
              createdAt: comment.createdAt,
              hiddenAt: comment.hidden ? comment.createdAt : null,
              pinnedAt: comment.pinned ? comment.createdAt : null,
            })),
          )
          .returning({ id: commentsTable.id });
        const recorded = batch.map((comment, index) => ({ sourceKey: comment.key, targetId: rows[index]!.id }));
        await recordItems(tx, scope, 'comment', recorded);
        for (const { sourceKey, targetId } of recorded) idByKey.set(sourceKey, targetId);
      });
      made += batch.length;
    }
  }
  if (made > 0) await deps.siteChanged(scope.siteId);
  return made;
}
