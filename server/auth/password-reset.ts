/**
 * Password reset: a mailed single-use link (60 minutes) to a page that sets a
 * new password. Using it ends every session of the user and mails a notice.
 */
import { eq } from 'drizzle-orm';
import { RESET_PASSWORD_TOKEN_TTL_MS } from '../../common/constants.ts';
import { sessions, users } from '../../db/schema.ts';
import { AppError } from '../errors.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { passwordChangedMail, passwordResetMail } from '../mail/templates.ts';
import { recordAuthEvent, type RequestContext } from './audit.ts';
import { appLink, type AuthDeps } from './deps.ts';
import { consumeEmailToken, issueEmailToken, revokeEmailTokens } from './email-tokens.ts';
import { isStrongEnough } from './password.ts';

export function createPasswordResetService(deps: AuthDeps) {
  const { db, clock, passwords, rateLimiter, appUrl, supportEmail, emailEnumerationProtection, onMailQueued } = deps;

  /** With enumeration protection an unknown address answers exactly as a known one. */
  async function requestPasswordReset(email: string, context: RequestContext): Promise<void> {
    await rateLimiter.consumeMailToAddress(email);
    const [user] = await db.select().from(users).where(eq(users.email, email));
    if (!user || user.suspensionInfo.suspended) {
      await recordAuthEvent(db, context, { type: 'reset-requested', userId: user?.id ?? null, email, detail: user ? 'disabled' : 'unknown-email' });
      if (!user && !emailEnumerationProtection) throw new AppError('user-not-found', 404, 'email');
      return;
    }
    await db.transaction(async (tx) => {
      const now = clock();
      await revokeEmailTokens(tx, user.id, 'reset-password', now);
      const token = await issueEmailToken(tx, { userId: user.id, email: user.email, purpose: 'reset-password', now, ttlMs: RESET_PASSWORD_TOKEN_TTL_MS });
      await enqueueMail(tx, user.email, passwordResetMail(user.displayName, appLink(appUrl, '/reset-password', { token })), now);
      await recordAuthEvent(tx, context, { type: 'reset-requested', userId: user.id, email: user.email });
    });
    onMailQueued();
  }

  async function confirmPasswordReset(token: string, password: string, context: RequestContext): Promise<void> {
    if (!isStrongEnough(password)) throw new AppError('weak-password', 400, 'password');
    const passwordHash = await passwords.hash(password);
    await db.transaction(async (tx) => {
      const now = clock();
      const used = await consumeEmailToken(tx, token, 'reset-password', now);
      // Following a link mailed to the address proves the address, too.
      const [user] = await tx
        .update(users)
        .set({ passwordHash, emailVerified: true, isVerified: true })
        .where(eq(users.id, used.userId))
        .returning();
      if (!user) throw new AppError('invalid-token', 400, 'token');
      const ended = await tx.delete(sessions).where(eq(sessions.userId, user.id)).returning({ id: sessions.id });
      await enqueueMail(tx, user.email, passwordChangedMail(user.displayName, appLink(appUrl, '/login'), supportEmail), now);
      await recordAuthEvent(tx, context, { type: 'reset-used', userId: user.id, email: user.email });
      await recordAuthEvent(tx, context, { type: 'sessions-revoked', userId: user.id, detail: `password reset ended ${ended.length} session(s)` });
    });
    onMailQueued();
  }

  return { requestPasswordReset, confirmPasswordReset };
}

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
