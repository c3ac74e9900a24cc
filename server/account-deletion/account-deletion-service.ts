/**
 * Deleting an account (docs/decisions/148, amended by 159): the password, or a
 * code mailed to the address for an account that has none; refused while the
 * account's own sites have members Stripe bills, or its own plan on the
 * platform bills (they must not vanish with those subscriptions). Its own paid
 * memberships are canceled at Stripe now instead (own-subscriptions.ts). Then
 * one transaction drops the mail still waiting for it, removes the user row,
 * and the schema's cascades take its sessions, tokens, sites with their posts,
 * tiers, members' access and media rows, its memberships elsewhere (so the
 * address leaves every list) and its conversations; what must outlive it
 * (other people's messages, its comments, the audit trail) keeps the row with
 * the author set to null, shown as "Deleted member". The media files go after
 * the commit, and so do the webhook endpoints the sites' own Stripe keys made
 * (read before the cascade, deleted at Stripe best effort); each site's
 * readers' caches are told it changed.
 */
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { mailOutbox, users } from '../../db/schema.ts';
import { memberships, sites } from '../../db/content-schema.ts';
import { importItems } from '../../db/move-schema.ts';
import { recordAuthEvent, type AccountChangesService, type UserRow } from '../auth/index.ts';
import type { Clock } from '../clock.ts';
import { AppError } from '../errors.ts';
import type { RequestContext } from '../http/index.ts';
import type { Logger } from '../logger.ts';
import { enqueueMail } from '../mail/index.ts';
import { payingMembersOf } from '../memberships/index.ts';
import type { StripeForSite } from '../payments/index.ts';
import type { RateLimiter } from '../rate-limits/index.ts';
import { findSiteByHandle, type SiteChanged } from '../sites/index.ts';
import type { Storage } from '../storage/index.ts';
import { useDeletionCode } from './deletion-codes.ts';
import { billedPlans, deletionPlan } from './deletion-plan.ts';
import { cancelOwnSubscriptions, ownBilledMemberships } from './own-subscriptions.ts';

export interface AccountDeletionDeps {
  db: Database;
  clock: Clock;
  logger: Logger;
  accountChanges: Pick<AccountChangesService, 'checkPassword'>;
  rateLimiter: Pick<RateLimiter, 'consumeMailToAddress' | 'consumePasswordCheck'>;
  stripeForSite: StripeForSite;
  storage: Storage;
  siteChanged: SiteChanged;
  /** The sites' own Stripe webhook endpoints, read in the transaction; the answer deletes them at Stripe (server/payments own-key.ts). */
  stripeEndpoints: (executor: Database, siteIds: readonly string[]) => Promise<() => Promise<void>>;
}

/** How the person proves it is them: the password, or the code mailed to the address. */
export type DeletionProof = { password: string } | { code: string };

export function createAccountDeletionService({ db, clock, logger, accountChanges, rateLimiter, stripeForSite, storage, siteChanged, stripeEndpoints }: AccountDeletionDeps) {
  async function plan(user: UserRow) {
    return deletionPlan(db, user.id);
  }

  /** What holds the deletion: members paying the account's sites, or its own plan. */
  async function refuseIfHeld(executor: Database, userId: string): Promise<void> {
    const owned = await executor.select({ id: sites.id }).from(sites).where(eq(sites.ownerId, userId));
    const paying = await payingMembersOf(executor, owned.map((site) => site.id));
    if (paying > 0 || (await billedPlans(executor, userId)) > 0) throw new AppError('paying-members', 409, 'password');
  }

  /**
   * Mails the code (deletion-code-mail.ts) to the account's own address, in the look of the site it was
   * asked from when named; as often as the house mails a sign-in link to one address (server/rate-limits).
   */
  async function mailDeletionCode(user: UserRow, handle: string | undefined, context: RequestContext): Promise<void> {
    const site = handle ? await findSiteByHandle(db, handle) : undefined;
    await rateLimiter.consumeMailToAddress(user.email);
    await enqueueMail(db, { recipient: user.email, template: 'account-deletion-code', userId: user.id, ...(site?.publishedAt ? { siteId: site.id } : {}), linkOrigin: context.linkOrigin }, clock());
  }

  async function deleteAccount(user: UserRow, proof: DeletionProof, context: RequestContext): Promise<void> {
    // Each try is counted before the proof is looked at: six digits are few.
    if ('password' in proof) await accountChanges.checkPassword(user, proof.password, 'password');
    else await rateLimiter.consumePasswordCheck(user.id, 'code');
    await refuseIfHeld(db, user.id);
    // Used before Stripe is asked: a code works once, whatever happens next.
    if ('code' in proof) await useDeletionCode(db, { userId: user.id, email: user.email, code: proof.code, now: clock() });
    const canceled = await cancelOwnSubscriptions({ db, stripeForSite, logger }, user.id);
    const { siteIds, deleteEndpoints } = await db.transaction(async (tx) => {
      await refuseIfHeld(tx, user.id);
      const owned = await tx.select({ id: sites.id }).from(sites).where(eq(sites.ownerId, user.id));
      const ownedIds = owned.map((site) => site.id);
      const endpoints = await stripeEndpoints(tx, ownedIds);
      // The trail keeps the deletion with the address it had; the row's user id is set null by the cascade below.
      await recordAuthEvent(tx, context, { type: 'account-deleted', userId: user.id, email: user.email, detail: `${owned.length} site(s), ${canceled} subscription(s) canceled` });
      // Mail not sent yet to the address or about the account (a newsletter's is its membership's, which cascades) never goes.
      await tx
        .update(mailOutbox)
        .set({ status: 'cancelled', lastError: 'account deleted' })
        .where(and(eq(mailOutbox.status, 'pending'), isNull(mailOutbox.claimId), or(eq(mailOutbox.recipient, user.email), sql`${mailOutbox.params}->>'userId' = ${user.id}`)));
      // What imports made of this person is keyed by their address at the source (import_items.source_key): those
      // keys go too, so no address of theirs stays behind (the rows of their memberships' ids first, before the cascade).
      const theirMemberships = await tx.select({ id: memberships.id }).from(memberships).where(eq(memberships.userId, user.id));
      await tx.delete(importItems).where(
        or(
          and(eq(importItems.kind, 'user'), eq(importItems.targetId, user.id)),
          // `member`: a membership an import made; `newsletters-off`: one whose newsletters an import turned off.
          theirMemberships.length > 0 ? and(inArray(importItems.kind, ['member', 'newsletters-off']), inArray(importItems.targetId, theirMemberships.map((row) => row.id))) : undefined,
        ),
      );
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

  /**
   * What a site's account page says before it asks: whether the account runs a site (then it is deleted from
   * the studio, where it sees what goes with it, never from a site's page) and how many paid memberships go.
   */
  async function standing(userId: string): Promise<{ ownsSite: boolean; paidMemberships: number }> {
    const [owned, billed] = await Promise.all([db.$count(sites, eq(sites.ownerId, userId)), ownBilledMemberships(db, userId)]);
    return { ownsSite: owned > 0, paidMemberships: billed.length };
  }

  return { plan, mailDeletionCode, deleteAccount, standing };
}

export type AccountDeletionService = ReturnType<typeof createAccountDeletionService>;
