/** The verification mail, its re-send, its template (the mail registry's `verify-email`), and following its link. */
import { desc, eq } from 'drizzle-orm';
import { PRODUCT_NAME, VERIFY_EMAIL_TOKEN_TTL_MS } from '../../common/constants.ts';
import type { Database } from '../../db/connect.ts';
import { memberships, sites } from '../../db/content-schema.ts';
import { users } from '../../db/schema.ts';
import { actionMail, enqueueMail, fromAddress, MAIL_SUBJECTS, oneLine, type MailContent, type MailTemplates } from '../mail/index.ts';
import { recordAuthEvent, type RequestContext } from './audit.ts';
import { appLink, type AuthDeps } from './deps.ts';
import { consumeEmailToken, freshEmailToken } from './email-tokens.ts';
import type { UserRow } from './session.ts';

/**
 * Queues a verification mail; call inside the transaction that makes it necessary.
 * Its link is made when the mail is sent (verifyEmailTemplate below), which also ends the links sent before.
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

/** Goes only to addresses not yet verified, so it never names anyone. */
export function verificationMail(link: string): MailContent {
  return actionMail(MAIL_SUBJECTS['verify-email'], {
    greetingName: undefined,
    intro: `Welcome to ${PRODUCT_NAME}! Confirm this address to open your creator area.`,
    actionLabel: 'Verify my email',
    actionUrl: link,
    outro: 'The link works once and expires in 24 hours. If you did not sign up, ignore this email.',
  });
}

/**
 * A member's verification mail names the site they joined (its creator's
 * title, not words of whoever typed the address) and what confirming opens;
 * without a site to name (a paid join abandoned before any membership) it
 * speaks of membership alone.
 */
export function memberVerificationMail(link: string, siteTitle: string | undefined): MailContent {
  return actionMail(siteTitle ? `Confirm your e-mail to read ${siteTitle}` : `Confirm your e-mail for ${PRODUCT_NAME}`, {
    greetingName: undefined,
    intro: siteTitle
      ? `You joined ${siteTitle} on ${PRODUCT_NAME}. Confirm this address to read what members of ${siteTitle} get.`
      : `Confirm this address to read what members get on ${PRODUCT_NAME}.`,
    actionLabel: 'Confirm my e-mail',
    actionUrl: link,
    outro: 'The link works once and expires in 24 hours. If you did not join, ignore this email.',
  });
}

/** The verification mail at send time (server/mail/template-registry.ts), with a fresh link; none once the address is verified. */
export function verifyEmailTemplate({ db, mailFrom }: { db: Database; mailFrom: string }): Pick<MailTemplates, 'verify-email'> {
  /** The title of the site a member joined: the one the mail was asked for from, else their latest membership's. */
  async function joinedSiteTitle(userId: string, siteId: string | undefined): Promise<string | undefined> {
    const [site] = siteId
      ? await db.select({ title: sites.title }).from(sites).where(eq(sites.id, siteId))
      : await db
          .select({ title: sites.title })
          .from(memberships)
          .innerJoin(sites, eq(sites.id, memberships.siteId))
          .where(eq(memberships.userId, userId))
          .orderBy(desc(memberships.createdAt), desc(memberships.id))
          .limit(1);
    return site?.title;
  }

  return {
    'verify-email': {
      to: 'user',
      async render({ row, user, ownLinks, whileHeld }) {
        if (user.emailVerified) return undefined;
        // A member hears of the site they joined; a creator of their creator area.
        const siteTitle = user.role === 'member' ? await joinedSiteTitle(row.params.userId, row.params.siteId) : undefined;
        const token = await whileHeld((tx, now) => freshEmailToken(tx, { userId: row.params.userId, email: row.recipient, purpose: 'verify-email', now, ttlMs: VERIFY_EMAIL_TOKEN_TTL_MS }));
        const link = appLink(ownLinks, '/api/auth/verify-email', { token });
        if (user.role !== 'member') return verificationMail(link);
        // In the site's name: the member joined the site, not the platform (issue 18).
        return { ...memberVerificationMail(link, siteTitle), ...(siteTitle ? { from: { name: oneLine(siteTitle), address: fromAddress(mailFrom) } } : {}) };
      },
    },
  };
}
