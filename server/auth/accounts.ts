/** Sign-up and password login (SPEC.md sections 3, 5 and 8; DESIGN.md "Auth"). */
import { OTHER_NICHE } from '../../common/niches.ts';
import type { MemberSignupData, SignupData } from '../../common/validation.ts';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { emailTokens, sessions, users } from '../../db/schema.ts';
import { AppError } from '../errors.ts';
import { recordAuthEvent, type RequestContext } from './audit.ts';
import type { AuthDeps } from './deps.ts';
import { queueVerificationMail } from './email-verification.ts';
import { buildNewUser } from './new-user.ts';
import { isStrongEnough } from './password.ts';
import { placeholderAccount } from './placeholder-accounts.ts';
import { PLATFORM_SCOPE, type NewSession, type SessionScope, type UserRow } from './session.ts';

export interface SignedIn {
  user: UserRow;
  session: NewSession;
}

/**
 * Typing an address on a join page makes an empty account for it (docs/decisions/145): no password, nothing
 * proven, no membership. It must not keep the address's owner out (review M3): their sign-up becomes that
 * account, with what they typed; the links still waiting in a mail for it end. Undefined for any other account.
 */
async function takeOverPlaceholder(tx: Database, fresh: typeof users.$inferInsert, now: Date): Promise<UserRow | undefined> {
  const existing = await placeholderAccount(tx, fresh.email);
  if (!existing) return undefined;
  const { id: _id, username: _username, ...profile } = fresh;
  await tx.update(emailTokens).set({ usedAt: now }).where(and(eq(emailTokens.userId, existing.id), isNull(emailTokens.usedAt)));
  await tx.delete(sessions).where(eq(sessions.userId, existing.id));
  const [taken] = await tx.update(users).set(profile).where(eq(users.id, existing.id)).returning();
  return taken;
}

export function createAccountService(deps: AuthDeps) {
  const { db, clock, sessions, passwords, rateLimiter, loginAttempts, emailEnumerationProtection } = deps;

  /**
   * A creator through /signup; a member (no niche) through a creator's join page, whose site their verification mail names.
   * A join on a site's custom domain opens a session valid on that domain only (`scope`).
   */
  async function signup(input: SignupData | (MemberSignupData & { role: 'member'; siteId: string }), context: RequestContext, scope: SessionScope = PLATFORM_SCOPE): Promise<SignedIn> {
    if (!isStrongEnough(input.password)) throw new AppError('weak-password', 400, 'password');
    await rateLimiter.consumeSignup(context.ip);
    const passwordHash = await passwords.hash(input.password);
    const now = clock();
    const member = 'role' in input;
    const niche = member ? '' : input.niche === OTHER_NICHE ? input.customNiche! : input.niche;
    // The account, its first session, the audit row and the mail commit together or not at all.
    const signedIn = await db.transaction(async (tx) => {
      const fresh = buildNewUser({ email: input.email, fullName: input.fullName, niche, passwordHash, emailVerified: false, now, ...(member ? { role: 'member' as const } : {}) });
      const [inserted] = await tx.insert(users).values(fresh).onConflictDoNothing({ target: users.email }).returning();
      const created = inserted ?? (await takeOverPlaceholder(tx, fresh, now));
      if (!created) throw new AppError('email-already-in-use', 409, 'email');
      await queueVerificationMail(tx, created, now, member ? input.siteId : undefined, context.linkOrigin);
      await recordAuthEvent(tx, context, { type: 'signup', userId: created.id, email: created.email });
      const session = await sessions.createSession(created.id, context.userAgent, tx, scope);
      return { user: created, session };
    });
    await rateLimiter.noteMailToAddress(signedIn.user.email);
    return signedIn;
  }

  async function login(email: string, password: string, context: RequestContext): Promise<SignedIn> {
    const user = await loginAttempts.beginLoginAttempt(email, context.ip);
    if (!user?.passwordHash) {
      // The same hash work as a known account, so response time does not reveal which addresses exist.
      await passwords.verifyDummy(password);
      await failLogin(email, user?.id ?? null, context, user ? 'no-password' : 'unknown-email');
      if (emailEnumerationProtection) throw new AppError('invalid-login-credentials', 401, 'password');
      throw user ? new AppError('wrong-password', 401, 'password') : new AppError('user-not-found', 401, 'email');
    }
    if (!(await passwords.verify(user.passwordHash, password))) {
      await failLogin(email, user.id, context, 'wrong-password');
      throw new AppError(emailEnumerationProtection ? 'invalid-login-credentials' : 'wrong-password', 401, 'password');
    }
    // Disabled is told only to someone who knows the password.
    if (user.suspensionInfo.suspended) {
      await recordAuthEvent(db, context, { type: 'login-failed', userId: user.id, email, detail: 'disabled' });
      throw new AppError('user-disabled', 403, 'email');
    }
    const { session, lastLogin } = await loginAttempts.recordLoginSuccess(user, context);
    return { user: { ...user, lastLogin }, session };
  }

  /** The attempt was counted as a failure when it began (beginLoginAttempt); only the audit trail is left. */
  async function failLogin(email: string, userId: string | null, context: RequestContext, detail: string) {
    await recordAuthEvent(db, context, { type: 'login-failed', userId, email, detail });
  }

  async function logout(token: string, userId: string | undefined, context: RequestContext): Promise<void> {
    await sessions.invalidateSession(token);
    if (userId) await recordAuthEvent(db, context, { type: 'logout', userId });
  }

  return { signup, login, logout };
}

export type AccountService = ReturnType<typeof createAccountService>;
