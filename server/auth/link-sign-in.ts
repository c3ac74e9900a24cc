/**
 * Signing in by a mailed link, the way a fan joins a site with one e-mail
 * field (docs/decisions/145). Asking for a link makes, or reuses, an account
 * with no password for the address, so the mail has someone to go to (the
 * outbox names a user); the account proves nothing until its link is used,
 * and it answers the same whether the address had an account or not. The
 * link works once, for 15 minutes, on the one site it was asked on; using it
 * confirms the address and opens a session where it was used. An account
 * whose address nobody had proven before may have been made by a stranger
 * with the owner's address and the stranger's password: the link proves the
 * address, not those credentials, so they are cleared (docs/decisions/152).
 */
import { and, eq, isNull, notInArray } from 'drizzle-orm';
import { emailTokens, oauthAccounts, sessions as sessionRows, users, type EmailTokenPurpose } from '../../db/schema.ts';
import type { Database } from '../../db/connect.ts';
import type { MailTemplate } from '../../db/schema.ts';
import { AppError } from '../errors.ts';
import { enqueueMail } from '../mail/index.ts';
import { recordAuthEvent, type RequestContext } from './audit.ts';
import type { AuthDeps } from './deps.ts';
import { buildNewUser } from './new-user.ts';
import { PLATFORM_SCOPE, type NewSession, type SessionScope, type UserRow } from './session.ts';
import { generateSecretToken, hashToken } from './tokens.ts';

const SIGN_IN_LINK_TTL_MS = 15 * 60 * 1000;

type LinkPurpose = Extract<EmailTokenPurpose, 'join-site' | 'sign-in'>;

/** Why a link did not sign anyone in: each has its own page (the site's join page says which). */
export type LinkRefusal = 'used' | 'expired' | 'unknown';

export class LinkRefusedError extends Error {
  readonly reason: LinkRefusal;
  constructor(reason: LinkRefusal) {
    super(`sign-in link ${reason}`);
    this.reason = reason;
  }
}

/**
 * The token of a link about to be mailed (called at send time, in the worker's
 * hold): the unused links of the same user, purpose and site stop working, so
 * a second request never leaves two live.
 */
export async function freshSiteLinkToken(db: Database, { userId, email, purpose, siteId, now }: { userId: string; email: string; purpose: LinkPurpose; siteId: string | null; now: Date }): Promise<string> {
  const sameSite = siteId === null ? isNull(emailTokens.siteId) : eq(emailTokens.siteId, siteId);
  await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), sameSite, isNull(emailTokens.usedAt)));
  const token = generateSecretToken();
  await db.insert(emailTokens).values({ id: hashToken(token), userId, email, purpose, siteId, createdAt: now, expiresAt: new Date(now.getTime() + SIGN_IN_LINK_TTL_MS) });
  return token;
}

/**
 * The address was never proven before this link: whoever set the account's password, signed it in or linked
 * a provider to it may not be the address's owner. Every session and provider link ends here, in the link's
 * transaction (the password is cleared by the caller's update), and so does a pending e-mail change, whose link
 * went to an address the stranger chose. Links of other sites stay: they went to this address, to its owner.
 */
async function clearUnprovenCredentials(tx: Database, user: UserRow, context: RequestContext, now: Date): Promise<void> {
  const ended = await tx.delete(sessionRows).where(eq(sessionRows.userId, user.id)).returning({ id: sessionRows.id });
  const unlinked = await tx.delete(oauthAccounts).where(eq(oauthAccounts.userId, user.id)).returning({ provider: oauthAccounts.provider });
  const revoked = await tx
    .update(emailTokens)
    .set({ usedAt: now })
    .where(and(eq(emailTokens.userId, user.id), notInArray(emailTokens.purpose, ['join-site', 'sign-in']), isNull(emailTokens.usedAt)))
    .returning({ id: emailTokens.id });
  if (user.passwordHash === null && ended.length + unlinked.length + revoked.length === 0) return;
  await recordAuthEvent(tx, context, {
    type: 'sessions-revoked',
    userId: user.id,
    email: user.email,
    detail: `sign-in link proved an unverified address: password ${user.passwordHash === null ? 'none' : 'removed'}, ${ended.length} session(s) ended, ${unlinked.length} provider link(s) and ${revoked.length} mailed link(s) removed`,
  });
}

export function createLinkSignIn(deps: AuthDeps) {
  const { db, clock, sessions, rateLimiter } = deps;

  /**
   * Queues the mail with the link (`template` renders it, with its token, at send time).
   * Limited per client address and per e-mail address, whoever owns it; the caller's answer must never say whether the address had an account.
   * Returns the account the link is for and whether nobody has ever proven it (no password, address not
   * confirmed: the only account a paid join may take to Checkout before its link is used), undefined for a
   * disabled one, which gets no mail.
   * `mailedRecently: 'skip'` (a paid join, which goes on to Checkout): when the address had its mail a moment ago,
   * the earlier link stands and no new one is sent (`mailed` false) instead of a 429 (review M2).
   */
  async function mailLink({ email, siteId, template, context, mailedRecently = 'refuse' }: { email: string; siteId: string | null; template: Extract<MailTemplate, 'join-site' | 'site-sign-in'>; context: RequestContext; mailedRecently?: 'refuse' | 'skip' }): Promise<{ userId: string; unproven: boolean; mailed: boolean } | undefined> {
    const address = email.trim().toLowerCase();
    await rateLimiter.consumeSignup(context.ip);
    const mailed = await rateLimiter.consumeMailToAddress(address).then(
      () => true,
      (error: unknown) => {
        if (mailedRecently === 'skip' && error instanceof AppError && error.status === 429) return false;
        throw error;
      },
    );
    const now = clock();
    return db.transaction(async (tx) => {
      // A join makes an account with no password, no name and nothing proven: it only gives the mail someone to go to; an
      // earlier one is reused. A sign-in makes none: an unknown address gets no mail, and the same answer.
      if (template === 'join-site') {
        await tx
          .insert(users)
          .values(buildNewUser({ email: address, fullName: '', niche: '', passwordHash: null, emailVerified: false, now, role: 'member' }))
          .onConflictDoNothing({ target: users.email });
      }
      const [user] = await tx
        .select({ id: users.id, suspended: users.suspensionInfo, passwordHash: users.passwordHash, emailVerified: users.emailVerified })
        .from(users)
        .where(eq(users.email, address));
      // A disabled account gets no mail, and the answer is the same.
      if (!user || user.suspended.suspended) return undefined;
      if (mailed) {
        await enqueueMail(tx, { recipient: address, template, userId: user.id, ...(siteId ? { siteId } : {}), linkOrigin: context.linkOrigin }, now);
        await recordAuthEvent(tx, context, { type: 'sign-in-link-sent', userId: user.id, email: address, ...(siteId ? { detail: `site ${siteId}` } : {}) });
      }
      return { userId: user.id, unproven: user.passwordHash === null && !user.emailVerified, mailed };
    });
  }

  /**
   * The address a link is for, without using it: the page a mailed link opens shows it beside its
   * "Continue" button (a mail scanner's GET uses nothing). Refused as useLink would refuse it.
   */
  async function checkLink({ token, purpose, siteId }: { token: string; purpose: LinkPurpose; siteId: string | null }): Promise<{ email: string }> {
    const [row] = await db.select().from(emailTokens).where(and(eq(emailTokens.id, hashToken(token)), eq(emailTokens.purpose, purpose)));
    if (!row || row.siteId !== siteId) throw new LinkRefusedError('unknown');
    if (row.usedAt) throw new LinkRefusedError('used');
    if (row.expiresAt.getTime() <= clock().getTime()) throw new LinkRefusedError('expired');
    return { email: row.email };
  }

  /**
   * Uses the link: it must be of this purpose and site, unused and not expired. Confirms the
   * address and opens a session in `scope` (the custom domain it was used on, or the platform).
   */
  async function useLink({ token, purpose, siteId, context, scope = PLATFORM_SCOPE }: { token: string; purpose: LinkPurpose; siteId: string | null; context: RequestContext; scope?: SessionScope }): Promise<{ user: UserRow; session: NewSession }> {
    const now = clock();
    const signedIn = await db.transaction(async (tx) => {
      const [row] = await tx.select().from(emailTokens).where(and(eq(emailTokens.id, hashToken(token)), eq(emailTokens.purpose, purpose)));
      // A link of another site reads as unknown here: it says nothing of the site it was for.
      if (!row || row.siteId !== siteId) throw new LinkRefusedError('unknown');
      if (row.usedAt) throw new LinkRefusedError('used');
      if (row.expiresAt.getTime() <= now.getTime()) throw new LinkRefusedError('expired');
      const [used] = await tx
        .update(emailTokens)
        .set({ usedAt: now })
        .where(and(eq(emailTokens.id, row.id), isNull(emailTokens.usedAt)))
        .returning({ userId: emailTokens.userId, email: emailTokens.email });
      // Two tabs at once: the other one used it.
      if (!used) throw new LinkRefusedError('used');
      const [user] = await tx.select().from(users).where(eq(users.id, used.userId));
      // The address the link went to must still be the account's (an e-mail change since ends it).
      if (!user || user.email !== used.email) throw new LinkRefusedError('unknown');
      if (user.suspensionInfo.suspended) throw new AppError('user-disabled', 403, 'email');
      if (!user.emailVerified) await clearUnprovenCredentials(tx, user, context, now);
      const [confirmed] = await tx
        .update(users)
        .set({ emailVerified: true, isVerified: true, lastLogin: now, ...(user.emailVerified ? {} : { passwordHash: null }) })
        .where(eq(users.id, user.id))
        .returning();
      await recordAuthEvent(tx, context, { type: 'sign-in-link-used', userId: user.id, email: user.email });
      const session = await sessions.createSession(user.id, context.userAgent, tx, scope);
      return { user: confirmed!, session };
    });
    return signedIn;
  }

  return { mailLink, checkLink, useLink };
}

export type LinkSignIn = ReturnType<typeof createLinkSignIn>;
