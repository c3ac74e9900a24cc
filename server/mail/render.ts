/**
 * Turns an outbox row into the mail to send, at send time. Links carry a fresh
 * single-use token issued here, in a transaction that first checks the worker
 * still holds the mail; the previous link of that user and purpose stops
 * working, so a retry never leaves two live links behind. Returns undefined
 * when the mail is no longer wanted (the address was verified meanwhile, the
 * account is gone or suspended).
 */
import { and, desc, eq } from 'drizzle-orm';
import { RESET_PASSWORD_TOKEN_TTL_MS, VERIFY_EMAIL_TOKEN_TTL_MS } from '../../common/constants.ts';
import type { Database } from '../../db/connect.ts';
import { memberships, sites } from '../../db/content-schema.ts';
import { mailOutbox, users, type EmailTokenPurpose } from '../../db/schema.ts';
import { appLink } from '../auth/deps.ts';
import { issueEmailToken, revokeEmailTokens } from '../auth/email-tokens.ts';
import type { Clock } from '../clock.ts';
import { domains } from '../../db/domain-schema.ts';
import { renderMemberNotice } from '../newsletters/member-notices.ts';
import { renderMessageNotice } from '../messaging/message-notices.ts';
import { renderSupportRequest } from '../support/support-mail.ts';
import { fromAddress, oneLine } from './addresses.ts';
import { mailLinkBase } from './link-origin.ts';
import type { OutgoingMail } from './transport.ts';
import { domainBrokenMail, domainLiveMail, memberVerificationMail, passwordChangedMail, passwordResetMail, verificationMail, type MailContent } from './templates.ts';

export type OutboxRow = typeof mailOutbox.$inferSelect;

export class LostClaimError extends Error {
  override name = 'LostClaimError';
}

export interface RenderDeps {
  db: Database;
  clock: Clock;
  appUrl: URL;
  /** Config.allowedOrigins: the origins a mail a request caused may link to instead of APP_URL (link-origin.ts). */
  linkOrigins: readonly string[];
  supportEmail: string;
  leaseMs: number;
  /** MAIL_FROM: a member's mail keeps its address under the site's name. */
  mailFrom: string;
}

export function createMailRenderer({ db, clock, appUrl, linkOrigins, supportEmail, leaseMs, mailFrom }: RenderDeps) {
  async function issueLinkToken(mail: OutboxRow, claimId: string, purpose: EmailTokenPurpose, ttlMs: number): Promise<string> {
    return db.transaction(async (tx) => {
      const now = clock();
      const [held] = await tx
        .update(mailOutbox)
        .set({ nextAttemptAt: new Date(now.getTime() + leaseMs) })
        .where(and(eq(mailOutbox.id, mail.id), eq(mailOutbox.claimId, claimId), eq(mailOutbox.status, 'pending')))
        .returning({ id: mailOutbox.id });
      if (!held) throw new LostClaimError(`mail ${mail.id} is no longer held by this worker`);
      await revokeEmailTokens(tx, mail.params.userId, purpose, now);
      return issueEmailToken(tx, { userId: mail.params.userId, email: mail.recipient, purpose, now, ttlMs });
    });
  }

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

  return async function renderMail(mail: OutboxRow, claimId: string): Promise<(MailContent & Pick<OutgoingMail, 'from'>) | undefined> {
    // To the operator, not to the user it names: the check of the recipient below is for users' own mail.
    if (mail.template === 'support-request') return renderSupportRequest(db, appUrl, mail.params.supportRequestId);
    const [user] = await db
      .select({ email: users.email, displayName: users.displayName, role: users.role, emailVerified: users.emailVerified, suspensionInfo: users.suspensionInfo })
      .from(users)
      .where(eq(users.id, mail.params.userId));
    if (!user || user.email !== mail.recipient) return undefined;
    const name = user.emailVerified ? user.displayName : undefined;
    // The person's own mail, asked for by their request: its links go where their session is.
    const ownLinks = mailLinkBase(mail.params.linkOrigin, linkOrigins, appUrl);
    switch (mail.template) {
      case 'verify-email': {
        if (user.emailVerified) return undefined;
        // A member hears of the site they joined; a creator of their creator area.
        const siteTitle = user.role === 'member' ? await joinedSiteTitle(mail.params.userId, mail.params.siteId) : undefined;
        const token = await issueLinkToken(mail, claimId, 'verify-email', VERIFY_EMAIL_TOKEN_TTL_MS);
        const link = appLink(ownLinks, '/api/auth/verify-email', { token });
        if (user.role !== 'member') return verificationMail(link);
        // In the site's name: the member joined the site, not the platform (issue 18).
        return { ...memberVerificationMail(link, siteTitle), ...(siteTitle ? { from: { name: oneLine(siteTitle), address: fromAddress(mailFrom) } } : {}) };
      }
      case 'reset-password': {
        if (user.suspensionInfo.suspended) return undefined;
        const token = await issueLinkToken(mail, claimId, 'reset-password', RESET_PASSWORD_TOKEN_TTL_MS);
        return passwordResetMail(name, appLink(ownLinks, '/reset-password', { token }));
      }
      case 'password-changed':
        return passwordChangedMail(name, appLink(ownLinks, '/login'), supportEmail);
      case 'domain-live':
      case 'domain-broken': {
        // Rendered from the domain as it is now: a mail whose news is already stale is not sent.
        const [domain] = mail.params.siteId ? await db.select().from(domains).where(eq(domains.siteId, mail.params.siteId)) : [];
        if (!domain) return undefined;
        if (mail.template === 'domain-live') return domain.status === 'active' ? domainLiveMail(name, domain.hostname, `https://${domain.hostname}/`) : undefined;
        return domain.status === 'failed' ? domainBrokenMail(name, domain.hostname, domain.lastError ?? 'its DNS records are not right.', appLink(appUrl, '/domain')) : undefined;
      }
      case 'message-waiting':
      case 'messages-digest':
        return renderMessageNotice(db, appUrl, mail.template, mail.params, name);
      case 'new-member':
      case 'new-members-digest':
        return renderMemberNotice(db, appUrl, mail.template, mail.params, name);
    }
  };
}

export type MailRenderer = ReturnType<typeof createMailRenderer>;
