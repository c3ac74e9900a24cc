/**
 * The product's e-mails, each as text and HTML with one clear call to action.
 * Every value placed in the HTML is escaped. A mail to an address nobody has
 * proven yet greets without a name: the name was typed by whoever signed up,
 * and a stranger's address must not carry their words.
 */
import { PRODUCT_NAME, TAGLINE } from '../../common/constants.ts';
import type { MailTemplate } from '../../db/schema.ts';

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

interface ActionMail {
  /** Absent for an address that is not verified. */
  greetingName: string | undefined;
  intro: string;
  actionLabel: string;
  actionUrl: string;
  outro: string;
  /** Named lists of links after the intro, such as a digest's new members; `more` counts those left out. */
  lists?: MailList[];
}

export interface MailList {
  heading: string;
  items: { label: string; url: string }[];
  more: number;
}

const moreLine = (more: number) => (more > 0 ? `…and ${more} more.` : '');

function listsText(lists: MailList[]): string[] {
  return lists.flatMap((list) => [list.heading, ...list.items.map((item) => `- ${item.label}: ${item.url}`), ...(list.more > 0 ? [moreLine(list.more)] : []), '']);
}

function listsHtml(lists: MailList[]): string {
  return lists
    .map(
      (list) =>
        `<p style="margin:24px 0 8px;font-weight:700">${escapeHtml(list.heading)}</p><ul style="margin:0;padding-left:20px">${list.items
          .map((item) => `<li style="margin:0 0 6px"><a href="${escapeHtml(item.url)}" style="color:#5b3df5">${escapeHtml(item.label)}</a></li>`)
          .join('')}</ul>${list.more > 0 ? `<p style="margin:8px 0 0">${escapeHtml(moreLine(list.more))}</p>` : ''}`,
    )
    .join('');
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

function render(subject: string, mail: ActionMail): MailContent {
  const greeting = mail.greetingName ? `Hi ${mail.greetingName},` : 'Hi,';
  const text = [
    greeting,
    '',
    mail.intro,
    '',
    ...listsText(mail.lists ?? []),
    `${mail.actionLabel}: ${mail.actionUrl}`,
    '',
    mail.outro,
    '',
    `${PRODUCT_NAME}. ${TAGLINE}.`,
  ].join('\n');
  const button = `<a href="${escapeHtml(mail.actionUrl)}" style="display:inline-block;padding:12px 24px;border-radius:999px;background:#5b3df5;color:#ffffff;font-weight:600;text-decoration:none">${escapeHtml(mail.actionLabel)}</a>`;
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f6f4ff;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#14122b">
<table role="presentation" width="100%" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:16px;padding:32px">
<tr><td style="overflow-wrap:anywhere;word-break:break-word">
<p style="margin:0 0 24px;font-weight:700;color:#5b3df5">${escapeHtml(PRODUCT_NAME)}</p>
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(mail.intro)}</p>${listsHtml(mail.lists ?? [])}
<p style="margin:28px 0">${button}</p>
<p style="font-size:14px;color:#4a4766">If the button does not work, paste this address into your browser:<br><span style="word-break:break-all">${escapeHtml(mail.actionUrl)}</span></p>
<p style="font-size:14px;color:#4a4766">${escapeHtml(mail.outro)}</p>
</td></tr></table>
<p style="text-align:center;font-size:12px;color:#4a4766">${escapeHtml(PRODUCT_NAME)}. ${escapeHtml(TAGLINE)}.</p>
</body></html>`;
  return { subject, text, html };
}

export const MAIL_SUBJECTS: Record<MailTemplate, string> = {
  'verify-email': `Verify your email for ${PRODUCT_NAME}`,
  'reset-password': `Reset your ${PRODUCT_NAME} password`,
  'password-changed': `Your ${PRODUCT_NAME} password was changed`,
  'domain-live': 'Your domain is live',
  'domain-broken': 'Your domain needs your attention',
  'support-request': `${PRODUCT_NAME} support request`,
  'message-waiting': 'You have a message waiting',
  'messages-digest': 'Your unread messages today',
  'new-member': 'You have a new member',
  'new-members-digest': 'Your new members yesterday',
};

/** To a creator whose custom domain passed its DNS check: the site now answers there, with HTTPS. */
export function domainLiveMail(name: string | undefined, domain: string, siteUrl: string): MailContent {
  return render(`${domain} is live`, {
    greetingName: name,
    intro: `Your site now answers at ${domain}, with HTTPS. Links to your old address lead there.`,
    actionLabel: 'Open your site',
    actionUrl: siteUrl,
    outro: 'Keep the DNS records in place: if they go, your site stops answering at this domain.',
  });
}

/** To a creator whose custom domain failed: its DNS records are gone or wrong, or the checks gave up. */
export function domainBrokenMail(name: string | undefined, domain: string, problem: string, domainPageUrl: string): MailContent {
  return render(`${domain} needs your attention`, {
    greetingName: name,
    intro: `Your site does not answer at ${domain}: ${problem}`,
    actionLabel: 'See what to fix',
    actionUrl: domainPageUrl,
    outro: 'Your site stays at its address on this platform meanwhile. Once the records are right, press Check now.',
  });
}

/** Unread messages of one conversation: how many, the latest quoted as text (escaped in the HTML like every value), with the way to the thread. */
export function messageWaitingMail(name: string | undefined, from: string, quote: string, link: string, unread = 1): MailContent {
  return render(unread === 1 ? `${from} sent you a message` : `${from} sent you ${unread} messages`, {
    greetingName: name,
    intro: unread === 1 ? `${from} wrote: “${quote}”` : `You have ${unread} unread messages from ${from}. The latest: “${quote}”`,
    actionLabel: 'Read and reply',
    actionUrl: link,
    outro: 'We send one notice for unread messages, not one per message. Read them and the notices stop.',
  });
}

export function messageDigestMail(name: string | undefined, unread: number, conversations: number, link: string): MailContent {
  const messages = unread === 1 ? 'one unread message' : `${unread} unread messages`;
  const across = conversations === 1 ? '' : ` in ${conversations} conversations`;
  return render(MAIL_SUBJECTS['messages-digest'], {
    greetingName: name,
    intro: `You have ${messages}${across} from your members.`,
    actionLabel: 'Open your inbox',
    actionUrl: link,
    outro: 'You get this once a day because you chose the daily digest. Change it under Messages in your studio.',
  });
}

/** Goes only to addresses not yet verified, so it never names anyone. */
export function verificationMail(link: string): MailContent {
  return render(MAIL_SUBJECTS['verify-email'], {
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
  return render(siteTitle ? `Confirm your e-mail to read ${siteTitle}` : `Confirm your e-mail for ${PRODUCT_NAME}`, {
    greetingName: undefined,
    intro: siteTitle
      ? `You joined ${siteTitle} on ${PRODUCT_NAME}. Confirm this address to read what members of ${siteTitle} get.`
      : `Confirm this address to read what members get on ${PRODUCT_NAME}.`,
    actionLabel: 'Confirm my e-mail',
    actionUrl: link,
    outro: 'The link works once and expires in 24 hours. If you did not join, ignore this email.',
  });
}

export function passwordResetMail(name: string | undefined, link: string): MailContent {
  return render(MAIL_SUBJECTS['reset-password'], {
    greetingName: name,
    intro: 'Someone asked to reset the password of your account. Choose a new one with the button below.',
    actionLabel: 'Choose a new password',
    actionUrl: link,
    outro: 'The link works once and expires in 60 minutes. If you did not ask for it, ignore this email: your password stays as it is.',
  });
}

export function passwordChangedMail(name: string | undefined, loginUrl: string, supportEmail: string): MailContent {
  return render(MAIL_SUBJECTS['password-changed'], {
    greetingName: name,
    intro: 'The password of your account was just changed, and every device was signed out.',
    actionLabel: 'Sign in',
    actionUrl: loginUrl,
    outro: `If you did not change it, reset your password right away and write to ${supportEmail}.`,
  });
}

/** To a creator who chose a notice each time: one member who joined, or who started paying, with the way to their page. */
export function newMemberMail(name: string | undefined, news: { memberName: string; memberEmail: string; siteTitle: string; tierName: string; paying: boolean; link: string }): MailContent {
  const who = `${news.memberName} (${news.memberEmail})`;
  return render(news.paying ? `${news.memberName} is now a paying member of ${news.siteTitle}` : `${news.memberName} joined ${news.siteTitle}`, {
    greetingName: name,
    intro: news.paying ? `${who} now pays for ${news.tierName} on ${news.siteTitle}.` : `${who} joined ${news.siteTitle} on the ${news.tierName} tier.`,
    actionLabel: 'See the member',
    actionUrl: news.link,
    outro: 'You get this e-mail each time because you chose it. Change it under Settings, Advanced, in your studio.',
  });
}

const count = (n: number, one: string, many: string) => (n === 1 ? `1 ${one}` : `${n} ${many}`);

/** To a creator on the daily digest: a day's new members and new paying members, each linking to their page; sent only when there are some. */
export function newMembersDigestMail(name: string | undefined, digest: { siteTitle: string; dayLabel: string; lists: MailList[]; newMembers: number; newPaying: number; link: string }): MailContent {
  const parts = [digest.newMembers ? count(digest.newMembers, 'new member', 'new members') : '', digest.newPaying ? count(digest.newPaying, 'new paying member', 'new paying members') : ''].filter(Boolean);
  return render(`Your new members on ${digest.dayLabel}`, {
    greetingName: name,
    intro: `On ${digest.dayLabel} (UTC), ${digest.siteTitle} had ${parts.join(' and ')}.`,
    lists: digest.lists,
    actionLabel: 'See all your members',
    actionUrl: digest.link,
    outro: 'You get this once a day, on days when someone joins, because you chose the daily digest. Change it under Settings, Advanced, in your studio.',
  });
}
