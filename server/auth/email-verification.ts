/** The verification mail, its re-send, its template (the mail registry's `verify-email`), and following its link. */
import { desc, eq } from 'drizzle-orm';
import { PRODUCT_NAME, VERIFY_EMAIL_TOKEN_TTL_MS } from '../../common/constants.ts';
import type { Database } from '../../db/connect.ts';
import { memberships } from '../../db/content-schema.ts';
import { users } from '../../db/schema.ts';
import { accountMail, actionMail, enqueueMail, MAIL_SUBJECTS, siteActionMail, siteSender, type MailBrand, type MailContent, type MailTemplates, type RenderedMail } from '../mail/index.ts';
import type { SiteMailBrand } from './account-mail-sender.ts';
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
 * A member's verification mail is the site's (docs/decisions/142): from the
 * site's name, in its colour and logo, naming the site they joined (its
 * creator's title, not words of whoever typed the address) and what
 * confirming opens. Without a site to name (a paid join abandoned before any
 * membership) it speaks of membership alone, in the neutral frame and from
 * MAIL_FROM's bare address, never the platform's (docs/decisions/153).
 */
export function memberVerificationMail(link: string, site: MailBrand | undefined, mailFrom: string): RenderedMail {
  const outro = 'The link works once and expires in 24 hours. If you did not join, ignore this email.';
  if (!site) return accountMail({ kind: 'neutral' }, 'verify-email', { greetingName: undefined, intro: 'Confirm this address to read what members get.', actionLabel: 'Confirm my e-mail', actionUrl: link, outro }, mailFrom);
  const mail = siteActionMail(`Confirm your e-mail to read ${site.title}`, site, {
    greetingName: undefined,
    intro: `You joined ${site.title}. Confirm this address to read what members of ${site.title} get.`,
    actionLabel: 'Confirm my e-mail',
    actionUrl: link,
    outro,
  });
  return { ...mail, from: siteSender(site, mailFrom) };
}

/** The verification mail at send time (server/mail/template-registry.ts), with a fresh link; none once the address is verified. */
export function verifyEmailTemplate({ db, mailFrom, siteBrand }: { db: Database; mailFrom: string; siteBrand: SiteMailBrand }): Pick<MailTemplates, 'verify-email'> {
  /** The site a member joined: the one the mail was asked for from, else their latest membership's. */
  async function joinedSiteId(userId: string, siteId: string | undefined): Promise<string | undefined> {
    if (siteId) return siteId;
    const [membership] = await db
      .select({ siteId: memberships.siteId })
      .from(memberships)
      .where(eq(memberships.userId, userId))
      .orderBy(desc(memberships.createdAt), desc(memberships.id))
      .limit(1);
    return membership?.siteId;
  }

  return {
    'verify-email': {
      to: 'user',
      async render({ row, user, ownLinks, whileHeld }) {
        if (user.emailVerified) return undefined;
        // A member hears from the site they joined; a creator from the platform, of their creator area.
        const joined = user.role === 'member' ? await joinedSiteId(row.params.userId, row.params.siteId) : undefined;
        const site = joined ? await siteBrand(joined) : undefined;
        const token = await whileHeld((tx, now) => freshEmailToken(tx, { userId: row.params.userId, email: row.recipient, purpose: 'verify-email', now, ttlMs: VERIFY_EMAIL_TOKEN_TTL_MS }));
        const link = appLink(ownLinks, '/api/auth/verify-email', { token });
        if (user.role !== 'member') return verificationMail(link);
        // In the site's name: the member joined the site, not the platform (issue 18).
        return memberVerificationMail(link, site, mailFrom);
      },
    },
  };
}
