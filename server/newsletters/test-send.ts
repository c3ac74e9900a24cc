/**
 * The creator's test of a post's e-mail (DESIGN.md "E-mail to members"): the
 * whole post, as a member who may read it gets it, to the creator's own
 * address. Asked in the studio, sent by the queue (issue 27, item 4): a slow
 * or refusing SMTP server holds no request and a temporary refusal is tried
 * again; a few a creator may ask for in ten minutes, and a suspended site none.
 */
import { and, eq } from 'drizzle-orm';
import { posts, sites } from '../../db/content-schema.ts';
import { users } from '../../db/schema.ts';
import type { RateLimiter } from '../rate-limits/index.ts';
import { AppError, tooManyRequests } from '../errors.ts';
import { isPermanentRejection } from '../mail/index.ts';
import { siteAddress } from '../sites/index.ts';
import { isSiteSuspended, refuseIfSuspended } from '../site-standing/index.ts';
import { loadNewsletterSource, renderVariants } from './newsletter-content.ts';
import { newsletterMessage } from './newsletter-headers.ts';
import type { SiteMailDeps } from './site-mail-deps.ts';

export const EMAIL_TEST_JOB = 'email.test';
/** Checking a newsletter's look takes a few tries in a row; a loop of them is not a way to send mail. */
export const TEST_SENDS_PER_TEN_MINUTES = 5;

export interface TestEmailJobData {
  postId: string;
  ownerId: string;
}

export interface TestSendDeps extends SiteMailDeps {
  enqueue: (name: typeof EMAIL_TEST_JOB, data: TestEmailJobData) => Promise<unknown>;
  rateLimiter: Pick<RateLimiter, 'overLimit'>;
}

export function createTestSend({ db, appUrl, mailFrom, transport, logger, mediaUrlSigner, enqueue, rateLimiter }: TestSendDeps) {
  /** The creator's own post, its site and their address; undefined for anyone else's. */
  async function ownedPost(ownerId: string, postId: string) {
    const [row] = await db
      .select({ siteId: sites.id, ownerEmail: users.email })
      .from(posts)
      .innerJoin(sites, eq(sites.id, posts.siteId))
      .innerJoin(users, eq(users.id, sites.ownerId))
      .where(and(eq(posts.id, postId), eq(sites.ownerId, ownerId)));
    return row;
  }

  return {
    /** Queues the test; answers the address it goes to. */
    async request(ownerId: string, postId: string): Promise<{ to: string }> {
      const post = await ownedPost(ownerId, postId);
      if (!post) throw new AppError('not-found', 404);
      await refuseIfSuspended(db, post.siteId, 403);
      const wait = await rateLimiter.overLimit(`test-email:${ownerId}`, TEST_SENDS_PER_TEN_MINUTES, 600);
      if (wait !== undefined) throw tooManyRequests(wait);
      await enqueue(EMAIL_TEST_JOB, { postId, ownerId });
      return { to: post.ownerEmail };
    },

    /** The queue's job: the post as it stands now. A temporary refusal throws, so the queue tries again. */
    async deliver({ postId, ownerId }: TestEmailJobData): Promise<void> {
      const post = await ownedPost(ownerId, postId);
      // Deleted, or its site suspended, since it was asked: nothing goes.
      if (!post || (await isSiteSuspended(db, post.siteId))) return;
      const source = await loadNewsletterSource(db, await mediaUrlSigner(), appUrl, postId);
      if (!source) return;
      const rendered = renderVariants(source.input).full!;
      const message = newsletterMessage({ ...rendered, subject: `[Test] ${rendered.subject}` }, post.ownerEmail, siteAddress(appUrl, source.site), {
        siteTitle: source.site.title,
        mailFrom,
      });
      try {
        await transport.send(message);
      } catch (error) {
        if (!isPermanentRejection(error)) throw error;
        logger.warn({ postId, err: error instanceof Error ? error.message : String(error) }, 'test e-mail refused for good by SMTP');
      }
    },
  };
}

export type TestSend = ReturnType<typeof createTestSend>;
