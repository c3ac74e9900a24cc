/**
 * The creator's mails about their custom domain (the mail registry's
 * `domain-live` and `domain-broken`, server/mail/template-registry.ts), queued
 * by domains-service.ts when a check changes the domain's state. Rendered from
 * the domain as it is at send time: a mail whose news is already stale is not sent.
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { domains } from '../../db/domain-schema.ts';
import { actionMail, type MailContent, type MailTemplates, type UserMail } from '../mail/index.ts';

/** To a creator whose custom domain passed its DNS check: the site now answers there, with HTTPS. */
export function domainLiveMail(name: string | undefined, domain: string, siteUrl: string): MailContent {
  return actionMail(`${domain} is live`, {
    greetingName: name,
    intro: `Your site now answers at ${domain}, with HTTPS. Links to your old address lead there.`,
    actionLabel: 'Open your site',
    actionUrl: siteUrl,
    outro: 'Keep the DNS records in place: if they go, your site stops answering at this domain.',
  });
}

/** To a creator whose custom domain failed: its DNS records are gone or wrong, or the checks gave up. */
export function domainBrokenMail(name: string | undefined, domain: string, problem: string, domainPageUrl: string): MailContent {
  return actionMail(`${domain} needs your attention`, {
    greetingName: name,
    intro: `Your site does not answer at ${domain}: ${problem}`,
    actionLabel: 'See what to fix',
    actionUrl: domainPageUrl,
    outro: 'Your site stays at its address on this platform meanwhile. Once the records are right, press Check now.',
  });
}

export function domainMailTemplates({ db, appUrl }: { db: Database; appUrl: URL }): Pick<MailTemplates, 'domain-live' | 'domain-broken'> {
  const domainOf = async ({ row }: UserMail) => {
    const [domain] = row.params.siteId ? await db.select().from(domains).where(eq(domains.siteId, row.params.siteId)) : [];
    return domain;
  };
  return {
    'domain-live': {
      to: 'user',
      async render(mail) {
        const domain = await domainOf(mail);
        if (!domain) return undefined;
        return domain.status === 'active' ? domainLiveMail(mail.name, domain.hostname, `https://${domain.hostname}/`) : undefined;
      },
    },
    'domain-broken': {
      to: 'user',
      async render(mail) {
        const domain = await domainOf(mail);
        if (!domain) return undefined;
        return domain.status === 'failed' ? domainBrokenMail(mail.name, domain.hostname, domain.lastError ?? 'its DNS records are not right.', new URL('/domain', appUrl).toString()) : undefined;
      },
    },
  };
}
