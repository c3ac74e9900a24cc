/**
 * The invitation a creator may send the patrons an import brought in
 * (`patron-invitation`, docs/decisions/161): Patreon's payments cannot move,
 * so a patron comes in comped until their next charge date, and this mail, in
 * the site's own name and look, asks them to subscribe here before then, with
 * a link to the site's join page on their tier. Rendered when sent: a patron
 * who has subscribed meanwhile, or whose comp is over, is not mailed.
 */
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../../db/connect.ts';
import { memberships, tiers } from '../../../db/content-schema.ts';
import { siteActionMail, siteSender, type MailTemplates } from '../../mail/index.ts';
import { loadMailBrand } from '../../sites/index.ts';

const longDate = (date: Date) => date.toLocaleDateString('en', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

export function patronInvitationMailTemplates({ db, mailFrom }: { db: Database; mailFrom: string }): Pick<MailTemplates, 'patron-invitation'> {
  return {
    'patron-invitation': {
      to: 'user',
      async render({ row, name, ownLinks }) {
        const { siteId, userId } = row.params;
        if (!siteId) return undefined;
        const [membership] = await db
          .select({ status: memberships.status, until: memberships.compExpiresAt, tierId: tiers.id, tierName: tiers.name, tierType: tiers.type, monthly: tiers.monthlyPrice })
          .from(memberships)
          .innerJoin(tiers, eq(tiers.id, memberships.tierId))
          .where(and(eq(memberships.siteId, siteId), eq(memberships.userId, userId)));
        if (membership?.status !== 'comped' || membership.tierType !== 'paid') return undefined;
        const brand = await loadMailBrand(db, ownLinks, siteId);
        if (!brand) return undefined;
        const cadence = membership.monthly === null ? 'year' : 'month';
        const joinUrl = `${brand.url.replace(/\/$/, '')}/join?tier=${encodeURIComponent(membership.tierId)}&cadence=${cadence}`;
        const until = membership.until ? ` until ${longDate(membership.until)}` : '';
        const mail = siteActionMail(`${brand.title} has moved: keep your ${membership.tierName} membership`, brand, {
          greetingName: name,
          intro: `${brand.title} has moved here from Patreon, and your ${membership.tierName} membership came along: it is yours free${until}. Patreon's payments cannot move with it, so to keep it after that, subscribe here.`,
          actionLabel: `Subscribe to ${membership.tierName}`,
          actionUrl: joinUrl,
          outro: `Remember to end your pledge on Patreon so you are not charged twice. If you would rather not subscribe, do nothing: your membership stays free${until}.`,
        });
        return { ...mail, from: siteSender(brand, mailFrom) };
      },
    },
  };
}
