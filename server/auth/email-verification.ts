/** The verification mail, its re-send, and following its link. */
import { eq } from 'drizzle-orm';
import { VERIFY_EMAIL_TOKEN_TTL_MS } from '../../common/constants.ts';
import type { Database } from '../../db/connect.ts';
import { users } from '../../db/schema.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { verificationMail } from '../mail/templates.ts';
import { recordAuthEvent, type RequestContext } from './audit.ts';
import { appLink, type AuthDeps } from './deps.ts';
import { consumeEmailToken, issueEmailToken, revokeEmailTokens } from './email-tokens.ts';
import type { UserRow } from './session.ts';

/** Queues a fresh verification link; call inside the transaction that makes it necessary. */
export async function queueVerificationMail(db: Database, appUrl: URL, user: Pick<UserRow, 'id' | 'email' | 'displayName'>, now: Date) {
  await revokeEmailTokens(db, user.id, 'verify-email', now);
  const token = await issueEmailToken(db, { userId: user.id, email: user.email, purpose: 'verify-email', now, ttlMs: VERIFY_EMAIL_TOKEN_TTL_MS });
  await enqueueMail(db, user.email, verificationMail(user.displayName, appLink(appUrl, '/api/auth/verify-email', { token })), now);
}

export function createEmailVerificationService(deps: AuthDeps) {
  const { db, clock, rateLimiter, appUrl, onMailQueued } = deps;

  async function resendVerificationMail(user: UserRow, context: RequestContext): Promise<void> {
    if (user.emailVerified) return;
    await rateLimiter.consumeMailToAddress(user.email);
    await db.transaction(async (tx) => {
      await queueVerificationMail(tx, appUrl, user, clock());
      await recordAuthEvent(tx, context, { type: 'verification-sent', userId: user.id, email: user.email });
    });
    onMailQueued();
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
