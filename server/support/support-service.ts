/**
 * /support's contact form (issue 20): the creator's message is kept as a row
 * and an outbox mail to the operator's SUPPORT_EMAIL names it, in one
 * transaction, so the mail worker delivers it (and retries) like every other
 * mail. Limited per account by the shared rate limiter.
 */
import type { SupportMessage } from '../../common/support-schemas.ts';
import type { Database } from '../../db/connect.ts';
import { supportRequests } from '../../db/reports-schema.ts';
import type { RateLimiter } from '../rate-limits/index.ts';
import type { Clock } from '../clock.ts';
import { enqueueMail } from '../mail/index.ts';

export interface SupportDeps {
  db: Database;
  clock: Clock;
  rateLimiter: Pick<RateLimiter, 'consumeSupportMessage'>;
  supportEmail: string;
}

export function createSupportService({ db, clock, rateLimiter, supportEmail }: SupportDeps) {
  async function send(userId: string, { subject, message }: SupportMessage): Promise<void> {
    await rateLimiter.consumeSupportMessage(userId);
    const now = clock();
    await db.transaction(async (tx) => {
      const [request] = await tx.insert(supportRequests).values({ userId, subject, message, createdAt: now }).returning({ id: supportRequests.id });
      await enqueueMail(tx, { recipient: supportEmail, template: 'support-request', userId, supportRequestId: request!.id }, now);
    });
  }
  return { send, supportEmail };
}

export type SupportService = ReturnType<typeof createSupportService>;
