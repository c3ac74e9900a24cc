/**
 * The signed-in person's own account (DESIGN.md "The creator's first hour",
 * account basics; docs/decisions/148): a new password, which needs the current
 * one and signs the other devices out; a new e-mail address, which needs the
 * password and changes only once the new address follows its mailed link
 * (single use, 60 minutes, stored hashed), with a notice to the old address at
 * once; and signing the other devices out. An account without a password (Google
 * sign-in, a fan who joined by a mailed link) sets one through the reset link
 * first: a session alone never changes who the account is.
 */
import { and, eq, ne } from 'drizzle-orm';
import type { EmailChangeResult } from '../../common/api/account.ts';
import { RESET_PASSWORD_TOKEN_TTL_MS } from '../../common/constants.ts';
import type { ErrorField } from '../../common/error-codes.ts';
import { sessions, users } from '../../db/schema.ts';
import { AppError } from '../errors.ts';
import { enqueueMail } from '../mail/index.ts';
import { recordAuthEvent, type RequestContext } from './audit.ts';
import type { AuthDeps } from './deps.ts';
import { consumeEmailToken, findUsableEmailToken, revokePendingLinks } from './email-tokens.ts';
import { isStrongEnough } from './password.ts';
import { placeholderAccount } from './placeholder-accounts.ts';
import type { UserRow } from './session.ts';
import { hashToken } from './tokens.ts';

/** The confirmation link of an e-mail change lives as long as a reset link. */
export const CHANGE_EMAIL_TOKEN_TTL_MS = RESET_PASSWORD_TOKEN_TTL_MS;

export function createAccountChangesService(deps: AuthDeps) {
  const { db, clock, passwords, rateLimiter, emailEnumerationProtection } = deps;

  /** The account's password, checked under a per-account limit; a wrong or absent one is told under `field`. */
  async function checkPassword(user: UserRow, password: string, field: ErrorField): Promise<void> {
    if (!user.passwordHash) throw new AppError('password-not-set', 409, field);
    await rateLimiter.consumePasswordCheck(user.id, field);
    if (!(await passwords.verify(user.passwordHash, password))) throw new AppError('wrong-password', 401, field);
  }

  /** Ends every session of the user but the one holding `keepToken`; how many ended. */
  async function endOtherSessions(tx: typeof db, userId: string, keepToken: string): Promise<number> {
    const ended = await tx
      .delete(sessions)
      .where(and(eq(sessions.userId, userId), ne(sessions.id, hashToken(keepToken))))
      .returning({ id: sessions.id });
    return ended.length;
  }

  async function changePassword(user: UserRow, sessionToken: string, input: { currentPassword: string; newPassword: string }, context: RequestContext): Promise<number> {
    await checkPassword(user, input.currentPassword, 'currentPassword');
    if (!isStrongEnough(input.newPassword)) throw new AppError('weak-password', 400, 'newPassword');
    const passwordHash = await passwords.hash(input.newPassword);
    return db.transaction(async (tx) => {
      const now = clock();
      await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
      const ended = await endOtherSessions(tx, user.id, sessionToken);
      const revoked = await revokePendingLinks(tx, user.id, now);
      await enqueueMail(tx, { recipient: user.email, template: 'password-changed', userId: user.id, keptSession: true, linkOrigin: context.linkOrigin }, now);
      await recordAuthEvent(tx, context, { type: 'password-changed', userId: user.id, email: user.email });
      await recordAuthEvent(tx, context, { type: 'sessions-revoked', userId: user.id, detail: `password change ended ${ended} other session(s) and ${revoked} pending link(s)` });
      return ended;
    });
  }

  async function signOutOthers(user: UserRow, sessionToken: string, context: RequestContext): Promise<number> {
    return db.transaction(async (tx) => {
      const ended = await endOtherSessions(tx, user.id, sessionToken);
      await recordAuthEvent(tx, context, { type: 'sessions-revoked', userId: user.id, detail: `signed out ${ended} other session(s)` });
      return ended;
    });
  }

  /**
   * Mails the link to the new address and the notice to the old one. An address
   * another account has is refused by name only when enumeration protection is
   * off; with it on the answer is the same, and the mail to that address says
   * nothing changed, so only its owner learns it is taken.
   */
  async function requestEmailChange(user: UserRow, input: { email: string; password: string }, context: RequestContext): Promise<void> {
    const email = input.email;
    if (email === user.email) throw new AppError('email-already-in-use', 409, 'email', undefined, 'This is already the address of your account.');
    await checkPassword(user, input.password, 'password');
    const [held] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    // An empty account a typed address made is no holder: confirming the change removes it (placeholder-accounts.ts).
    const holder = held && !(await placeholderAccount(db, email)) ? held : undefined;
    if (holder && !emailEnumerationProtection) throw new AppError('email-already-in-use', 409, 'email');
    await rateLimiter.consumeMailToAddress(email);
    await db.transaction(async (tx) => {
      const now = clock();
      const base = { userId: user.id, newEmail: email, linkOrigin: context.linkOrigin };
      if (holder) {
        await enqueueMail(tx, { ...base, recipient: email, template: 'email-change-taken' }, now);
      } else {
        await enqueueMail(tx, { ...base, recipient: email, template: 'confirm-email-change' }, now);
        await enqueueMail(tx, { ...base, recipient: user.email, template: 'email-change-requested' }, now);
      }
      await recordAuthEvent(tx, context, { type: 'email-change-requested', userId: user.id, email: user.email, detail: holder ? `to ${email}: taken` : `to ${email}` });
    });
  }

  /**
   * The mailed link, followed. It changes the address of the account it was made
   * for; a browser signed in to another account is sent back untouched (the link
   * stays usable), so nobody changes an account they are not looking at.
   */
  async function confirmEmailChange(token: string, signedInUserId: string | undefined, context: RequestContext): Promise<EmailChangeResult> {
    const now = clock();
    let pending;
    try {
      pending = await findUsableEmailToken(db, token, 'change-email', now);
    } catch (error) {
      if (error instanceof AppError) return error.code === 'expired-token' ? 'expired' : 'invalid';
      throw error;
    }
    if (signedInUserId !== undefined && signedInUserId !== pending.userId) return 'other-account';
    return db.transaction(async (tx) => {
      const used = await consumeEmailToken(tx, token, 'change-email', now).catch((error: unknown) => {
        if (error instanceof AppError) return undefined;
        throw error;
      });
      if (!used) return 'invalid';
      const [holder] = await tx.select({ id: users.id }).from(users).where(eq(users.email, used.email));
      if (holder) {
        const placeholder = await placeholderAccount(tx, used.email);
        if (!placeholder) return 'taken';
        await tx.delete(users).where(eq(users.id, placeholder.id));
      }
      const [before] = await tx.select({ email: users.email }).from(users).where(eq(users.id, used.userId));
      if (!before) return 'invalid';
      // Following a link mailed to the address proves it.
      await tx.update(users).set({ email: used.email, emailVerified: true, isVerified: true }).where(eq(users.id, used.userId));
      await recordAuthEvent(tx, context, { type: 'email-changed', userId: used.userId, email: used.email, detail: `from ${before.email}` });
      return 'changed';
    });
  }

  return { checkPassword, changePassword, signOutOthers, requestEmailChange, confirmEmailChange };
}

export type AccountChangesService = ReturnType<typeof createAccountChangesService>;
