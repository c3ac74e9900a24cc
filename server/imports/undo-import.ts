/**
 * `POST /api/imports/:id/undo`: within IMPORT_UNDO_DAYS of its end, what the
 * import made goes; what it matched (a member already there, a tier of the
 * same name) stays. In one transaction: its posts (their comments, media uses
 * and old addresses go by the tables' cascades), its memberships (through the
 * memberships room), the accounts it made that have nothing else, the tiers
 * it made that no membership uses, its media rows that no other post uses;
 * then its items, so the same file imported again comes in again. The media
 * files and the uploaded file are deleted after the commit.
 */
import { and, eq, inArray, isNull, notExists, notInArray } from 'drizzle-orm';
import { media, memberships, postMedia, sites, tiers } from '../../db/content-schema.ts';
import { importItems, imports } from '../../db/move-schema.ts';
import { users } from '../../db/schema.ts';
import type { Transaction } from '../../db/transaction.ts';
import { AppError } from '../errors.ts';
import { mediaPrefix } from '../media/index.ts';
import { removeImportedMemberships } from '../memberships/index.ts';
import { deleteImportedPosts } from '../posts/index.ts';
import { findImport, siteOfCreator } from './find-import.ts';
import type { ImportsDeps } from './import-deps.ts';
import { targetsOf } from './import-items.ts';
import { undoDeadline, type ImportRow } from './import-view.ts';

/** Accounts the import made, when they have no password, no membership and no site: they were only ever this import's. */
async function removeLoneUsers(tx: Transaction, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .delete(users)
    .where(
      and(
        inArray(users.id, ids),
        isNull(users.passwordHash),
        notExists(tx.select({ id: memberships.id }).from(memberships).where(eq(memberships.userId, users.id))),
        notExists(tx.select({ id: sites.id }).from(sites).where(eq(sites.ownerId, users.id))),
      ),
    );
}

async function removeUnusedTiers(tx: Transaction, siteId: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.delete(tiers).where(and(eq(tiers.siteId, siteId), inArray(tiers.id, ids), notExists(tx.select({ id: memberships.id }).from(memberships).where(eq(memberships.tierId, tiers.id)))));
}

/** The import's media no remaining post uses and the site does not show as its avatar or banner; answers their ids. */
async function removeUnusedMedia(tx: Transaction, siteId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const [site] = await tx.select({ avatar: sites.avatarMediaId, banner: sites.bannerMediaId }).from(sites).where(eq(sites.id, siteId));
  const shown = [site?.avatar, site?.banner].filter((id): id is string => typeof id === 'string');
  const gone = await tx
    .delete(media)
    .where(
      and(
        eq(media.siteId, siteId),
        inArray(media.id, ids),
        notExists(tx.select({ postId: postMedia.postId }).from(postMedia).where(eq(postMedia.mediaId, media.id))),
        ...(shown.length > 0 ? [notInArray(media.id, shown)] : []),
      ),
    )
    .returning({ id: media.id });
  return gone.map((row) => row.id);
}

export async function undoImport(deps: ImportsDeps, ownerId: string, id: string): Promise<ImportRow> {
  const { db, clock, storage } = deps;
  const site = await siteOfCreator(db, ownerId);
  await findImport(db, site.id, id);
  const now = clock();
  const { row, removedMedia } = await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(imports).where(eq(imports.id, id)).for('update');
    const until = locked ? undoDeadline(locked) : null;
    if (!locked || !until || until <= now) throw new AppError('import-not-undoable', 409);
    const targets = async (kind: Parameters<typeof targetsOf>[2]) => targetsOf(tx, id, kind);
    await deleteImportedPosts(tx, site.id, await targets('post'));
    await removeImportedMemberships(tx, site.id, await targets('member'));
    await removeLoneUsers(tx, await targets('user'));
    await removeUnusedTiers(tx, site.id, await targets('tier'));
    const removed = await removeUnusedMedia(tx, site.id, await targets('media'));
    await tx.delete(importItems).where(eq(importItems.importId, id));
    const [undone] = await tx.update(imports).set({ status: 'undone', undoneAt: now }).where(eq(imports.id, id)).returning();
    return { row: undone!, removedMedia: removed };
  });
  for (const mediaId of removedMedia) await storage.deletePrefix(mediaPrefix(site.id, mediaId));
  await storage.deletePrefix(`imports/${site.id}/${row.id}/`);
  await deps.siteChanged(site.id);
  return row;
}
