/**
 * Deleting an account (docs/decisions/148): the password first, then refused
 * while a Stripe subscription would keep billing without it (members paying the
 * account's sites, its own paid memberships, its own plan). Otherwise one
 * transaction removes the user row, and the schema's cascades take its sessions,
 * tokens, sites with their posts, tiers, members' access and media rows, its
 * memberships elsewhere and its conversations; what must outlive it (other
 * people's messages and comments, the audit trail) keeps the row with the
 * author set to null. The media files go after the commit, and so do the
 * webhook endpoints the sites' own Stripe keys made (read before the cascade,
 * deleted at Stripe best effort); each site's readers' caches are told it changed.
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { users } from '../../db/schema.ts';
import { sites } from '../../db/content-schema.ts';
import { recordAuthEvent, type AccountChangesService, type UserRow } from '../auth/index.ts';
import { AppError } from '../errors.ts';
import type { RequestContext } from '../http/index.ts';
import type { Logger } from '../logger.ts';
import type { SiteChanged } from '../sites/index.ts';
import type { Storage } from '../storage/index.ts';
import { deletionPlan } from './deletion-plan.ts';

export interface AccountDeletionDeps {
  db: Database;
  logger: Logger;
  accountChanges: Pick<AccountChangesService, 'checkPassword'>;
  storage: Storage;
  siteChanged: SiteChanged;
  /** The sites' own Stripe webhook endpoints, read in the transaction; the answer deletes them at Stripe (server/payments own-key.ts). */
  stripeEndpoints: (executor: Database, siteIds: readonly string[]) => Promise<() => Promise<void>>;
}

export function createAccountDeletionService({ db, logger, accountChanges, storage, siteChanged, stripeEndpoints }: AccountDeletionDeps) {
  async function plan(user: UserRow) {
    return deletionPlan(db, user.id);
  }

  async function deleteAccount(user: UserRow, password: string, context: RequestContext): Promise<void> {
    await accountChanges.checkPassword(user, password, 'password');
    const { siteIds, deleteEndpoints } = await db.transaction(async (tx) => {
      const found = await deletionPlan(tx, user.id);
      if (found.payingMembers > 0 || found.ownSubscriptions > 0) throw new AppError('paying-members', 409, 'password');
      const owned = await tx.select({ id: sites.id }).from(sites).where(eq(sites.ownerId, user.id));
      const ownedIds = owned.map((site) => site.id);
      const endpoints = await stripeEndpoints(tx, ownedIds);
      // The trail keeps the deletion with the address it had; the row's user id is set null by the cascade below.
      await recordAuthEvent(tx, context, { type: 'account-deleted', userId: user.id, email: user.email, detail: `${owned.length} site(s)` });
      await tx.delete(users).where(eq(users.id, user.id));
      for (const siteId of ownedIds) await siteChanged(siteId, tx);
      return { siteIds: ownedIds, deleteEndpoints: endpoints };
    });
    // Without its site, an endpoint would only send events nobody verifies; it never fails the deletion (own-key.ts logs).
    await deleteEndpoints();
    for (const siteId of siteIds) {
      await storage.deletePrefix(`media/${siteId}/`).catch((error: unknown) => {
        // The account is gone either way; files left behind are the operator's to sweep, and the log says where.
        logger.error({ err: error, siteId }, 'account deletion: media files of the site could not be deleted');
      });
    }
  }

  return { plan, deleteAccount };
}

export type AccountDeletionService = ReturnType<typeof createAccountDeletionService>;
