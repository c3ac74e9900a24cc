/**
 * Who the account's own mail (reset, password changed, e-mail change,
 * verification) is from, decided when it is sent (server/mail/account-frame.ts,
 * docs/decisions/153): a creator's is the platform's; a member of exactly one
 * site hears from that site; any other member from nobody named.
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { memberships } from '../../db/content-schema.ts';
import type { AccountMailSender, MailBrand } from '../mail/index.ts';

/** The brand of a site for its mail (server/sites/site-brand.ts, handed in by the composition root: sites stand on auth). */
export type SiteMailBrand = (siteId: string) => Promise<MailBrand | undefined>;

export type AccountMailSenderOf = (user: { role: string }, userId: string) => Promise<AccountMailSender>;

export function accountMailSender({ db, siteBrand }: { db: Database; siteBrand: SiteMailBrand }): AccountMailSenderOf {
  return async function senderOf(user, userId) {
    if (user.role !== 'member') return { kind: 'platform' };
    // Two rows are enough to tell one site from several.
    const sites = await db.selectDistinct({ siteId: memberships.siteId }).from(memberships).where(eq(memberships.userId, userId)).limit(2);
    const brand = sites.length === 1 ? await siteBrand(sites[0]!.siteId) : undefined;
    return brand ? { kind: 'site', brand } : { kind: 'neutral' };
  };
}
