/**
 * `POST /api/imports/:id/undo`: within IMPORT_UNDO_DAYS of its end, what the
 * import made goes; what it matched (a member already there, a tier of the
 * same name) stays, and so does what the site has taken up since
 * (docs/decisions/160, "What the undo keeps"): a post edited or commented on
 * since, a membership with a Stripe subscription or changed since, an account
 * someone has used, media a kept post or the design uses. In one transaction:
 * its posts (their comments, media uses and old addresses go by the tables'
 * cascades), its memberships (through the memberships room), the newsletters
 * it turned off for members already here back on (docs/decisions/175), the accounts it
 * made that have nothing else, the offers it made that no one has claimed
 * since, the products it made that no one has bought since, the tiers it
 * made that nothing uses, its media rows that nothing shows; then the items of what went, so the same file
 * imported again brings that back and not what stayed. What stayed is told
 * in the import's problems. The media files and the uploaded file are
 * deleted after the commit.
 */
import { and, eq, inArray, isNull, lte, notExists, notInArray } from 'drizzle-orm';
import { UNDO_KEPT_WHERE, type ImportProblem } from '../../common/api/imports.ts';
import { media, memberships, postMedia, sites, tiers } from '../../db/content-schema.ts';
import { offerRedemptions, offers, productFiles, productPurchases, products } from '../../db/earn-schema.ts';
import { postTiers } from '../../db/money-schema.ts';
import { importItems, imports, type ImportItemKind } from '../../db/move-schema.ts';
import { oauthAccounts, sessions, users } from '../../db/schema.ts';
import type { Transaction } from '../../db/transaction.ts';
import { AppError } from '../errors.ts';
import { mediaPrefix } from '../media/index.ts';
import { removeImportedMemberships } from '../memberships/index.ts';
import { deleteImportedPosts } from '../posts/index.ts';
import { findImport, siteOfCreator } from './find-import.ts';
import type { ImportsDeps } from './import-deps.ts';
import { targetsOf } from './import-items.ts';
import { undoDeadline, type ImportRow } from './import-view.ts';
import { turnNewslettersBackOn } from './members/newsletters-off.ts';
import { mediaTheDesignNames, postsTakenUpSince } from './undo-keeps.ts';

const SLICE = 1000;

/**
 * Accounts the import made that were only ever this import's: no password, no
 * membership and no site, never signed in since (no session, no Google
 * sign-in, no mailed link used, which verifies the address); answers their ids.
 */
async function removeLoneUsers(tx: Transaction, ids: string[], finishedAt: Date): Promise<string[]> {
  const removed: string[] = [];
  for (let start = 0; start < ids.length; start += SLICE) {
    const gone = await tx
      .delete(users)
      .where(
        and(
          inArray(users.id, ids.slice(start, start + SLICE)),
          isNull(users.passwordHash),
          eq(users.emailVerified, false),
          lte(users.lastLogin, finishedAt),
          notExists(tx.select({ id: memberships.id }).from(memberships).where(eq(memberships.userId, users.id))),
          notExists(tx.select({ id: sites.id }).from(sites).where(eq(sites.ownerId, users.id))),
          notExists(tx.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, users.id))),
          notExists(tx.select({ id: oauthAccounts.userId }).from(oauthAccounts).where(eq(oauthAccounts.userId, users.id))),
        ),
      )
      .returning({ id: users.id });
    removed.push(...gone.map((row) => row.id));
  }
  return removed;
}

/** The import's offers no one has claimed since (no seat held or paid); answers their ids. */
async function removeUnclaimedOffers(tx: Transaction, siteId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const gone = await tx
    .delete(offers)
    .where(and(eq(offers.siteId, siteId), inArray(offers.id, ids), notExists(tx.select({ id: offerRedemptions.id }).from(offerRedemptions).where(eq(offerRedemptions.offerId, offers.id)))))
    .returning({ id: offers.id });
  return gone.map((row) => row.id);
}

/** The import's products no one has bought since (a purchase keeps its product: the buyer's files); answers their ids. */
async function removeUnsoldProducts(tx: Transaction, siteId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const gone = await tx
    .delete(products)
    .where(and(eq(products.siteId, siteId), inArray(products.id, ids), notExists(tx.select({ id: productPurchases.saleId }).from(productPurchases).where(eq(productPurchases.productId, products.id)))))
    .returning({ id: products.id });
  return gone.map((row) => row.id);
}

async function removeUnusedTiers(tx: Transaction, siteId: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .delete(tiers)
    .where(
      and(
        eq(tiers.siteId, siteId),
        inArray(tiers.id, ids),
        notExists(tx.select({ id: memberships.id }).from(memberships).where(eq(memberships.tierId, tiers.id))),
        // A kept post for this tier's members.
        notExists(tx.select({ id: postTiers.postId }).from(postTiers).where(eq(postTiers.tierId, tiers.id))),
        // A kept offer on it.
        notExists(tx.select({ id: offers.id }).from(offers).where(eq(offers.tierId, tiers.id))),
      ),
    );
}

/** The import's media no remaining post or product uses and the site does not show (its avatar or banner, its design); answers their ids. */
async function removeUnusedMedia(tx: Transaction, siteId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const [site] = await tx.select({ avatar: sites.avatarMediaId, banner: sites.bannerMediaId }).from(sites).where(eq(sites.id, siteId));
  const candidates = new Set(ids);
  const shown = [site?.avatar, site?.banner, ...(await mediaTheDesignNames(tx, siteId))].filter((id): id is string => typeof id === 'string' && candidates.has(id));
  const gone = await tx
    .delete(media)
    .where(
      and(
        eq(media.siteId, siteId),
        inArray(media.id, ids),
        notExists(tx.select({ postId: postMedia.postId }).from(postMedia).where(eq(postMedia.mediaId, media.id))),
        notExists(tx.select({ productId: productFiles.productId }).from(productFiles).where(eq(productFiles.mediaId, media.id))),
        notExists(tx.select({ id: products.id }).from(products).where(eq(products.coverMediaId, media.id))),
        ...(shown.length > 0 ? [notInArray(media.id, shown)] : []),
      ),
    )
    .returning({ id: media.id });
  return gone.map((row) => row.id);
}

/** The items of what went; those of what stayed remain, so a second import of the file skips it and adds no copy. */
async function forgetRemovedItems(tx: Transaction, importId: string, removed: Partial<Record<ImportItemKind, readonly string[]>>): Promise<void> {
  const kinds = Object.keys(removed) as ImportItemKind[];
  for (const kind of kinds) {
    const ids = removed[kind]!;
    for (let start = 0; start < ids.length; start += SLICE) {
      await tx.delete(importItems).where(and(eq(importItems.importId, importId), eq(importItems.kind, kind), inArray(importItems.targetId, ids.slice(start, start + SLICE))));
    }
  }
  await tx.delete(importItems).where(and(eq(importItems.importId, importId), notInArray(importItems.kind, kinds)));
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** What stayed, in the creator's words, at the top of the import's problems. */
function keptProblems(kept: { posts: number; paying: number; changed: number; newslettersOff: number }): ImportProblem[] {
  const where = UNDO_KEPT_WHERE;
  const lines: ImportProblem[] = [];
  if (kept.posts > 0) lines.push({ where, message: `${plural(kept.posts, 'post', 'posts')} kept: edited or commented on since the import.` });
  if (kept.paying > 0) lines.push({ where, message: `${plural(kept.paying, 'paying member', 'paying members')} kept: they pay through Stripe.` });
  if (kept.changed > 0) lines.push({ where, message: `${plural(kept.changed, 'member', 'members')} kept: changed since the import.` });
  if (kept.newslettersOff > 0) lines.push({ where, message: `${plural(kept.newslettersOff, 'member', 'members')} left with newsletters off: their membership changed since the import.` });
  return lines;
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
    // undoDeadline answers a date only for an import that finished.
    const finishedAt = locked.finishedAt!;
    const targets = async (kind: ImportItemKind) => targetsOf(tx, id, kind);
    const postIds = await targets('post');
    const keptPosts = await postsTakenUpSince(tx, site.id, postIds, finishedAt);
    const goingPosts = postIds.filter((postId) => !keptPosts.has(postId));
    await deleteImportedPosts(tx, site.id, goingPosts);
    const members = await removeImportedMemberships(tx, site.id, await targets('member'), finishedAt);
    const newsletters = await turnNewslettersBackOn(tx, site.id, await targets('newsletters-off'), finishedAt, now);
    const goneUsers = await removeLoneUsers(tx, await targets('user'), finishedAt);
    const goneOffers = await removeUnclaimedOffers(tx, site.id, await targets('offer'));
    const goneProducts = await removeUnsoldProducts(tx, site.id, await targets('product'));
    await removeUnusedTiers(tx, site.id, await targets('tier'));
    const removed = await removeUnusedMedia(tx, site.id, await targets('media'));
    await forgetRemovedItems(tx, id, { post: goingPosts, member: members.removed, user: goneUsers, media: removed, offer: goneOffers, product: goneProducts, 'newsletters-off': newsletters.restored });
    const kept = { posts: keptPosts.size, paying: members.keptPaying.length, changed: members.keptChanged.length, newslettersOff: newsletters.keptOff };
    const problems = [...keptProblems(kept), ...locked.problems];
    const [undone] = await tx.update(imports).set({ status: 'undone', undoneAt: now, problems }).where(eq(imports.id, id)).returning();
    return { row: undone!, removedMedia: removed };
  });
  for (const mediaId of removedMedia) await storage.deletePrefix(mediaPrefix(site.id, mediaId));
  await storage.deletePrefix(`imports/${site.id}/${row.id}/`);
  await deps.siteChanged(site.id);
  return row;
}
