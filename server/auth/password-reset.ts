/**
 * Password reset: a mailed single-use link (60 minutes) to a page that sets a
 * new password. Using it ends every session of the user and mails a notice.
 * Requests and confirms are rate limited per client address and per e-mail, and
 * a confirm checks its token before any hash work, so a wrong token costs nothing.
 * Its two mails' templates (the mail registry's `reset-password` and
 * `password-changed`) are here too: a creator's are the platform's, a member's
 * their site's or nobody's (account-mail-sender.ts, docs/decisions/153).
 */
import { eq } from 'drizzle-orm';
import { RESET_PASSWORD_TOKEN_TTL_MS } from '../../common/constants.ts';
import { sessions, users } from '../../db/schema.ts';
import { AppError } from '../errors.ts';
import { accountMail, enqueueMail, type ActionMail, type MailTemplates } from '../mail/index.ts';
import type { AccountMailSenderOf } from './account-mail-sender.ts';
import { recordAuthEvent, type RequestContext } from './audit.ts';
import { appLink, type AuthDeps } from './deps.ts';
import { consumeEmailToken, findUsableEmailToken, freshEmailToken, revokePendingLinks } from './email-tokens.ts';
import { isStrongEnough } from './password.ts';

export function createPasswordResetService(deps: AuthDeps) {
  const { db, clock, passwords, rateLimiter, emailEnumerationProtection } = deps;

  /**
   * With enumeration protection an unknown address answers exactly as a known one.
   * The link is made when the mail is sent (passwordMailTemplates below), which also ends the links sent before.
   */
  async function requestPasswordReset(email: string, context: RequestContext): Promise<void> {
    await rateLimiter.consumeResetRequest(email, context.ip);
    await rateLimiter.consumeMailToAddress(email);
    const [user] = await db.select().from(users).where(eq(users.email, email));
    if (!user || user.suspensionInfo.suspended) {
      await recordAuthEvent(db, context, { type: 'reset-requested', userId: user?.id ?? null, email, detail: user ? 'disabled' : 'unknown-email' });
      if (!user && !emailEnumerationProtection) throw new AppError('user-not-found', 404, 'email');
      return;
    }
    await db.transaction(async (tx) => {
      await enqueueMail(tx, { recipient: user.email, template: 'reset-password', userId: user.id, linkOrigin: context.linkOrigin }, clock());
      await recordAuthEvent(tx, context, { type: 'reset-requested', userId: user.id, email: user.email });
    });
  }

  async function confirmPasswordReset(token: string, password: string, context: RequestContext): Promise<void> {
    await rateLimiter.consumeResetConfirm(context.ip);
    if (!isStrongEnough(password)) throw new AppError('weak-password', 400, 'password');
    const pending = await findUsableEmailToken(db, token, 'reset-password', clock());
    await rateLimiter.consumeResetConfirmForEmail(pending.email);
    const passwordHash = await passwords.hash(password);
    await db.transaction(async (tx) => {
      const now = clock();
      // Used atomically here: another tab may have used the token while this one hashed.
      const used = await consumeEmailToken(tx, token, 'reset-password', now);
      // Following a link mailed to the address proves the address, too.
      const [user] = await tx
        .update(users)
        .set({ passwordHash, emailVerified: true, isVerified: true })
        .where(eq(users.id, used.userId))
        .returning();
      if (!user) throw new AppError('invalid-token', 400, 'token');
      const ended = await tx.delete(sessions).where(eq(sessions.userId, user.id)).returning({ id: sessions.id });
      // A pending e-mail change the warning mail told its owner to stop by resetting the password ends here (review M1).
      const revoked = await revokePendingLinks(tx, user.id, now);
      await enqueueMail(tx, { recipient: user.email, template: 'password-changed', userId: user.id, linkOrigin: context.linkOrigin }, now);
      await recordAuthEvent(tx, context, { type: 'reset-used', userId: user.id, email: user.email });
      await recordAuthEvent(tx, context, { type: 'sessions-revoked', userId: user.id, detail: `password reset ended ${ended.length} session(s) and ${revoked} pending link(s)` });
    });
  }

  return { requestPasswordReset, confirmPasswordReset };
}

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;

function passwordResetWords(name: string | undefined, link: string): ActionMail {
  return {
    greetingName: name,
    intro: 'Someone asked to reset the password of your account. Choose a new one with the button below.',
    actionLabel: 'Choose a new password',
    actionUrl: link,
    outro: 'The link works once and expires in 60 minutes. If you did not ask for it, ignore this email: your password stays as it is.',
  };
}

function passwordChangedWords(name: string | undefined, loginUrl: string, supportEmail: string, keptSession: boolean): ActionMail {
  return {
    greetingName: name,
    intro: keptSession
      ? 'The password of your account was just changed on a signed-in device, and every other device was signed out.'
      : 'The password of your account was just changed, and every device was signed out.',
    actionLabel: 'Sign in',
    actionUrl: loginUrl,
    outro: `If you did not change it, reset your password right away and write to ${supportEmail}.`,
  };
}

/** The reset mail (with a fresh link; none to a suspended account) and the notice of a change, at send time (server/mail/template-registry.ts). */
export function passwordMailTemplates({ supportEmail, mailFrom, senderOf }: { supportEmail: string; mailFrom: string; senderOf: AccountMailSenderOf }): Pick<MailTemplates, 'reset-password' | 'password-changed'> {
  return {
    'reset-password': {
      to: 'user',
      async render({ row, user, name, ownLinks, whileHeld }) {
        if (user.suspensionInfo.suspended) return undefined;
        const token = await whileHeld((tx, now) => freshEmailToken(tx, { userId: row.params.userId, email: row.recipient, purpose: 'reset-password', now, ttlMs: RESET_PASSWORD_TOKEN_TTL_MS }));
        return accountMail(await senderOf(user, row.params.userId), 'reset-password', passwordResetWords(name, appLink(ownLinks, '/reset-password', { token })), mailFrom);
      },
    },
    'password-changed': {
      to: 'user',
      render: async ({ row, user, name, ownLinks }) =>
        accountMail(await senderOf(user, row.params.userId), 'password-changed', passwordChangedWords(name, appLink(ownLinks, '/login'), supportEmail, row.params.keptSession === true), mailFrom),
    },
  };
}
