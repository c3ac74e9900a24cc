/**
 * The mail of a one-field join (the registry's `join-site`, docs/decisions/145)
 * and of the site's sign-in page (`site-sign-in`, docs/decisions/152):
 * in the site's name and frame, never the platform's, with a link that works
 * once, for 15 minutes, on that site only. The link is made when the mail is
 * sent, so the outbox never holds a usable token; it points where the site is
 * read (its domain when it has one), where the session it opens belongs.
 */
import { freshSiteLinkToken } from '../auth/index.ts';
import { siteActionMail, siteSender, type MailTemplates } from '../mail/index.ts';
import { loadMailBrand } from '../sites/index.ts';
import type { Database } from '../../db/connect.ts';

type MailTemplate = MailTemplates['join-site'];

/** What a site-link mail says, in the site's name: the subject, its first line, the button and the closing line. */
interface LinkMailWords {
  subject: string;
  intro: string;
  actionLabel: string;
  outro: string;
}

/** A mail whose one link (a fresh token of `purpose`, at `path` on the site's address) opens `path`'s page on that site. */
function siteLinkTemplate(db: Database, mailFrom: string, purpose: 'join-site' | 'sign-in', path: string, words: (title: string) => LinkMailWords): MailTemplate {
  return {
    to: 'user',
    async render({ row, ownLinks, whileHeld }) {
      const siteId = row.params.siteId;
      if (!siteId) return undefined;
      // The site's address as the person who asked reads it: its domain, or this server's origin (a loopback name in development).
      const brand = await loadMailBrand(db, ownLinks, siteId);
      if (!brand) return undefined;
      const token = await whileHeld((tx, now) => freshSiteLinkToken(tx, { userId: row.params.userId, email: row.recipient, purpose, siteId, now }));
      const { subject, ...text } = words(brand.title);
      // No greeting by name: whoever typed the address may not be its owner.
      const mail = siteActionMail(subject, brand, { greetingName: undefined, ...text, actionUrl: `${brand.url.replace(/\/$/, '')}${path}?token=${encodeURIComponent(token)}` });
      return { ...mail, from: siteSender(brand, mailFrom) };
    },
  };
}

export function joinMailTemplates({ db, mailFrom }: { db: Database; mailFrom: string }): Pick<MailTemplates, 'join-site' | 'site-sign-in'> {
  return {
    'join-site': siteLinkTemplate(db, mailFrom, 'join-site', '/join/confirm', (title) => ({
      subject: `Confirm your e-mail to join ${title}`,
      intro: `Confirm this address to join ${title}. The button signs you in and takes you to what members read.`,
      actionLabel: `Join ${title}`,
      outro: `The link works once and expires in 15 minutes. If you did not ask to join ${title}, ignore this e-mail: nothing happens.`,
    })),
    'site-sign-in': siteLinkTemplate(db, mailFrom, 'sign-in', '/sign-in/confirm', (title) => ({
      subject: `Sign in to ${title}`,
      intro: `Use the button below to sign in to ${title}.`,
      actionLabel: `Sign in to ${title}`,
      outro: `The link works once and expires in 15 minutes. If you did not ask to sign in to ${title}, ignore this e-mail: nothing happens.`,
    })),
  };
}
