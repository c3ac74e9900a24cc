/**
 * E-mail to members: the creator's choice to e-mail a post, the send that its
 * publication starts (at most once: email_sends is unique per post and leaves
 * `waiting` once), the planning job, the studio's figures, the test send
 * (test-send.ts) and the member's unsubscribe. Sending itself is
 * newsletter-delivery.ts. A suspended site e-mails nobody: choosing to e-mail
 * a post, or publishing one that would be e-mailed, is refused.
 */
import { and, eq } from 'drizzle-orm';
import type { EmailVariant, PostEmailAnswer, PostEmailChoice } from '../../common/email.ts';
import { memberships, posts, sites } from '../../db/content-schema.ts';
import { emailSends } from '../../db/email-schema.ts';
import { settings } from '../../db/schema.ts';
import type { RateLimiter } from '../rate-limits/index.ts';
import { AppError } from '../errors.ts';
import type { Clock } from '../clock.ts';
import { setEmailSubscription } from '../memberships/index.ts';
import type { Transaction } from '../../db/transaction.ts';
import { loadNewsletterSource, renderVariants } from './newsletter-content.ts';
import { oneLine, type MailBrand } from '../mail/index.ts';
import { loadMailBrand } from '../sites/index.ts';
import { UNSUBSCRIBE_PLACEHOLDER } from './newsletter-render.ts';
import { audienceCounts, planRecipients } from './plan-send.ts';
import { createUnsubscribeTokens, type UnsubscribeTokens } from './unsubscribe-token.ts';
import type { SiteMailDeps } from './site-mail-deps.ts';
import { createTestSend, type TestEmailJobData } from './test-send.ts';
import { isSiteSuspended, refuseIfSuspended } from '../site-standing/index.ts';
import type { RecordActivity } from '../reports/index.ts';

export const EMAIL_PLAN_JOB = 'email.plan';
export const EMAIL_DELIVER_JOB = 'email.deliver';

export interface EmailJobData {
  sendId: string;
}

/** Enqueues a job, inside `tx` when given, to start at `startAfter` when given. */
export type EnqueueEmailJob = (name: string, data: EmailJobData | TestEmailJobData, options?: { tx?: Transaction; startAfter?: Date }) => Promise<unknown>;

export interface EmailServiceDeps extends SiteMailDeps {
  clock: Clock;
  enqueue: EnqueueEmailJob;
  /** Recent Activity (server/reports/activity-service.ts): a send, once planned, in its transaction. */
  recordActivity: RecordActivity;
  /** Test sends per creator. */
  rateLimiter: Pick<RateLimiter, 'overLimit'>;
}

const notFound = () => new AppError('not-found', 404);

export function createEmailService({ db, clock, appUrl, mailFrom, transport, mediaUrlSigner, enqueue, recordActivity, rateLimiter, logger }: EmailServiceDeps) {
  const testSend = createTestSend({ db, appUrl, mailFrom, transport, logger, mediaUrlSigner, enqueue: (name, data) => enqueue(name, data), rateLimiter });
  let tokens: Promise<UnsubscribeTokens> | undefined;
  /** The unsubscribe key derives from the installation's one secret, made by migration and never changed: read once. */
  function unsubscribeTokens(): Promise<UnsubscribeTokens> {
    tokens ??= db
      .select({ secret: settings.mediaUrlSecret })
      .from(settings)
      .then(([row]) => {
        if (!row) throw new Error('settings row missing: the secret is made by migration');
        return createUnsubscribeTokens(row.secret);
      });
    tokens.catch(() => (tokens = undefined));
    return tokens;
  }

  async function ownedPost(ownerId: string, postId: string) {
    const [row] = await db
      .select({ postId: posts.id, siteId: sites.id })
      .from(posts)
      .innerJoin(sites, eq(sites.id, posts.siteId))
      .where(and(eq(posts.id, postId), eq(sites.ownerId, ownerId)));
    if (!row) throw notFound();
    return row;
  }

  return {
    unsubscribeTokens,

    /** The editor's choice, in the post edit's transaction (the caller checked the post is the creator's). */
    async choose(tx: Transaction, siteId: string, postId: string, choice: PostEmailChoice): Promise<void> {
      const [current] = await tx.select({ status: emailSends.status }).from(emailSends).where(eq(emailSends.postId, postId)).for('update');
      if (current && current.status !== 'waiting') throw new AppError('already-emailed', 409);
      if (!choice.send) {
        if (current) await tx.delete(emailSends).where(eq(emailSends.postId, postId));
        return;
      }
      await refuseIfSuspended(tx, siteId, 403);
      await tx
        .insert(emailSends)
        .values({ postId, siteId, segment: choice.segment, replyToCreator: choice.replyToCreator })
        .onConflictDoUpdate({ target: emailSends.postId, set: { segment: choice.segment, replyToCreator: choice.replyToCreator } });
    },

    /**
     * Posts that just became published, in the transaction that published them: a waiting send starts, once.
     * The creator's own publishing of a post to be e-mailed is refused on a suspended site (`creatorAsks`); the
     * schedule's, chosen before the suspension, starts and waits in delivery until the site is restored.
     */
    async published(tx: Transaction, postIds: readonly string[], creatorAsks = false): Promise<void> {
      for (const postId of postIds) {
        const [started] = await tx
          .update(emailSends)
          .set({ status: 'planning', startedAt: clock() })
          .where(and(eq(emailSends.postId, postId), eq(emailSends.status, 'waiting')))
          .returning({ id: emailSends.id, siteId: emailSends.siteId });
        if (started && creatorAsks && (await isSiteSuspended(tx, started.siteId))) throw new AppError('site-suspended', 403);
        if (started) await enqueue(EMAIL_PLAN_JOB, { sendId: started.id }, { tx });
      }
    },

    /** The planning job: renders each variant once, writes the recipient rows, hands delivery to the queue. */
    async plan(sendId: string): Promise<number> {
      const [send] = await db.select().from(emailSends).where(eq(emailSends.id, sendId));
      if (!send || (send.status !== 'planning' && send.status !== 'sending')) return 0;
      if (send.status === 'planning') {
        const source = await loadNewsletterSource(db, await mediaUrlSigner(), appUrl, send.postId);
        if (!source) return 0;
        const rendered = renderVariants(source.input);
        const planned = await db.transaction(async (tx) => {
          const [held] = await tx.select({ status: emailSends.status }).from(emailSends).where(eq(emailSends.id, sendId)).for('update');
          if (held?.status !== 'planning') return undefined;
          const count = await planRecipients(tx, send, { id: send.postId, visibility: source.input.post.visibility }, clock());
          await recordActivity(tx, { siteId: send.siteId, type: 'email-sent', postId: send.postId, detail: count === 1 ? 'To 1 member' : `To ${count} members`, occurredAt: clock() });
          await tx
            .update(emailSends)
            .set({ status: count === 0 ? 'sent' : 'sending', rendered, queued: count, ...(count === 0 ? { finishedAt: clock() } : {}) })
            .where(eq(emailSends.id, sendId));
          return count;
        });
        if (planned === undefined || planned === 0) return planned ?? 0;
      }
      // Several jobs, so that several servers share a large send; each takes what is left.
      const [row] = await db.select({ queued: emailSends.queued }).from(emailSends).where(eq(emailSends.id, sendId));
      const jobs = Math.min(4, Math.ceil((row?.queued ?? 0) / 500) || 1);
      for (let job = 0; job < jobs; job += 1) await enqueue(EMAIL_DELIVER_JOB, { sendId });
      return row?.queued ?? 0;
    },

    async status(ownerId: string, postId: string): Promise<PostEmailAnswer> {
      const { siteId } = await ownedPost(ownerId, postId);
      const [send] = await db.select().from(emailSends).where(eq(emailSends.postId, postId));
      return {
        choice: send ? { segment: send.segment, replyToCreator: send.replyToCreator } : null,
        status: send?.status ?? null,
        startedAt: send?.startedAt?.toISOString() ?? null,
        counts: { queued: send?.queued ?? 0, sent: send?.sent ?? 0, failed: send?.failed ?? 0, skipped: send?.skipped ?? 0 },
        audience: await audienceCounts(db, siteId),
      };
    },

    /** The e-mail a recipient of `variant` gets, as it stands now, without an unsubscribe link of anyone's. */
    async preview(ownerId: string, postId: string, variant: EmailVariant): Promise<{ subject: string; html: string }> {
      await ownedPost(ownerId, postId);
      const source = await loadNewsletterSource(db, await mediaUrlSigner(), appUrl, postId);
      if (!source) throw notFound();
      const variants = renderVariants(source.input);
      const rendered = variants[variant] ?? variants.full!;
      return { subject: oneLine(rendered.subject), html: rendered.html.split(UNSUBSCRIBE_PLACEHOLDER).join('#') };
    },

    /** The whole post as members who may read it get it, to the creator's own address, by the queue (test-send.ts). */
    sendTest: (ownerId: string, postId: string) => testSend.request(ownerId, postId),
    deliverTest: (data: TestEmailJobData) => testSend.deliver(data),

    unsubscribeUrl(handle: string, token: string): string {
      return new URL(`/@${handle}/unsubscribe?token=${encodeURIComponent(token)}`, appUrl).toString();
    },

    /** The membership a token names, on the site of `handle`, with the site's brand for its page; undefined for a forged token or another site's. */
    async membershipOfToken(handle: string, token: string): Promise<{ membershipId: string; site: MailBrand; subscribed: boolean } | undefined> {
      const membershipId = (await unsubscribeTokens()).verify(token);
      if (!membershipId) return undefined;
      const [row] = await db
        .select({ membershipId: memberships.id, siteId: sites.id, subscribed: memberships.subscribedToEmails })
        .from(memberships)
        .innerJoin(sites, eq(sites.id, memberships.siteId))
        .where(and(eq(memberships.id, membershipId), eq(sites.handle, handle)));
      const site = row && (await loadMailBrand(db, appUrl, row.siteId));
      return row && site ? { membershipId: row.membershipId, site, subscribed: row.subscribed } : undefined;
    },

    async setSubscribed(membershipId: string, subscribed: boolean): Promise<void> {
      await setEmailSubscription(db, { membershipId }, subscribed, clock());
    },
  };
}

export type EmailService = ReturnType<typeof createEmailService>;
