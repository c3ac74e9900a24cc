/** The verification mail, its re-send, and following its link. */
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { users } from '../../db/schema.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { recordAuthEvent, type RequestContext } from './audit.ts';
import type { AuthDeps } from './deps.ts';
import { consumeEmailToken } from './email-tokens.ts';
import type { UserRow } from './session.ts';

/**
 * Queues a verification mail; call inside the transaction that makes it necessary.
 * Its link is made when the mail is sent (server/mail/render.ts), which also ends the links sent before.
 * `siteId`: the site a member is joining, which the mail names. `linkOrigin`: the request's (RequestContext).
 */
export async function queueVerificationMail(db: Database, user: Pick<UserRow, 'id' | 'email'>, now: Date, siteId?: string, linkOrigin?: string) {
  await enqueueMail(db, { recipient: user.email, template: 'verify-email', userId: user.id, linkOrigin, ...(siteId ? { siteId } : {}) }, now);
}

export function createEmailVerificationService(deps: AuthDeps) {
  const { db, clock, rateLimiter } = deps;

  async function resendVerificationMail(user: UserRow, context: RequestContext): Promise<void> {
    if (user.emailVerified) return;
    await rateLimiter.consumeMailToAddress(user.email);
    await db.transaction(async (tx) => {
      await queueVerificationMail(tx, user, clock(), undefined, context.linkOrigin);
      await recordAuthEvent(tx, context, { type: 'verification-sent', userId: user.id, email: user.email });
    });
  }

  /** Follows the mailed link; returns the verified user's id. */
  async function verifyEmail(token: string, context: RequestContext): Promise<string> {
    return db.transaction(async (tx) => {
      const now = clock();
      const used = await consumeEmailToken(tx, token, 'verify-email', now);
      await tx.update(users).set({ emailVerified: true, isVerified: true }).where(eq(users.id, used.userId));
      await recordAuthEvent(tx, context, { type: 'email-verified', userId: used.userId, email: used.email });
      return used.userId;
    });
  }

  return { resendVerificationMail, verifyEmail };
}

export type EmailVerificationService = ReturnType<typeof createEmailVerificationService>;
