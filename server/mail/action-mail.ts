/**
 * The look of the product's e-mails, each as text and HTML with one clear call
 * to action; each feature writes its own mails' words with it and adds them to
 * the template registry (template-registry.ts). Every value placed in the HTML
 * is escaped. A mail to an address nobody has proven yet greets without a
 * name: the name was typed by whoever signed up, and a stranger's address must
 * not carry their words. The frame around the words is the platform's here
 * (mail to creators and the operator); a site's mail to its members is framed
 * in the site's brand instead (site-mail.ts), and a member's mail about their
 * account in their site's or a neutral one (account-frame.ts).
 */
import { PRODUCT_NAME, TAGLINE } from '../../common/constants.ts';

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

export interface ActionMail {
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

/** Who a mail comes from, as its top and bottom show it: the platform, or a site (site-mail.ts). */
export interface MailFrame {
  /** Links and the button's fill. */
  accent: string;
  /** Readable on the accent: the button's text. */
  onAccent: string;
  /** The accent where it is text on white, darkened until it reads (WCAG AA). */
  accentText: string;
  /** The top of the card, already HTML. */
  headerHtml: string;
  /** The line under the card, as text; escaped here. */
  footer: string;
}

const PLATFORM_ACCENT = '#5b3df5';

const PLATFORM_FRAME: MailFrame = {
  accent: PLATFORM_ACCENT,
  onAccent: '#ffffff',
  accentText: PLATFORM_ACCENT,
  headerHtml: `<p style="margin:0 0 24px;font-weight:700;color:${PLATFORM_ACCENT}">${escapeHtml(PRODUCT_NAME)}</p>`,
  footer: `${PRODUCT_NAME}. ${TAGLINE}.`,
};

const moreLine = (more: number) => (more > 0 ? `…and ${more} more.` : '');

function listsText(lists: MailList[]): string[] {
  return lists.flatMap((list) => [list.heading, ...list.items.map((item) => `- ${item.label}: ${item.url}`), ...(list.more > 0 ? [moreLine(list.more)] : []), '']);
}

function listsHtml(lists: MailList[], linkColour: string): string {
  return lists
    .map(
      (list) =>
        `<p style="margin:24px 0 8px;font-weight:700">${escapeHtml(list.heading)}</p><ul style="margin:0;padding-left:20px">${list.items
          .map((item) => `<li style="margin:0 0 6px"><a href="${escapeHtml(item.url)}" style="color:${linkColour}">${escapeHtml(item.label)}</a></li>`)
          .join('')}</ul>${list.more > 0 ? `<p style="margin:8px 0 0">${escapeHtml(moreLine(list.more))}</p>` : ''}`,
    )
    .join('');
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** The mail in a frame: the platform's unless one is given. */
export function actionMail(subject: string, mail: ActionMail, frame: MailFrame = PLATFORM_FRAME): MailContent {
  const greeting = mail.greetingName ? `Hi ${mail.greetingName},` : 'Hi,';
  const text = [greeting, '', mail.intro, '', ...listsText(mail.lists ?? []), `${mail.actionLabel}: ${mail.actionUrl}`, '', mail.outro, '', frame.footer].join('\n');
  const button = `<a href="${escapeHtml(mail.actionUrl)}" style="display:inline-block;padding:12px 24px;border-radius:999px;background:${frame.accent};color:${frame.onAccent};font-weight:600;text-decoration:none">${escapeHtml(mail.actionLabel)}</a>`;
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f6f4ff;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#14122b">
<table role="presentation" width="100%" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:16px;padding:32px">
<tr><td style="overflow-wrap:anywhere;word-break:break-word">
${frame.headerHtml}
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(mail.intro)}</p>${listsHtml(mail.lists ?? [], frame.accentText)}
<p style="margin:28px 0">${button}</p>
<p style="font-size:14px;color:#4a4766">If the button does not work, paste this address into your browser:<br><span style="word-break:break-all">${escapeHtml(mail.actionUrl)}</span></p>
<p style="font-size:14px;color:#4a4766">${escapeHtml(mail.outro)}</p>
</td></tr></table>
<p style="text-align:center;font-size:12px;color:#4a4766">${escapeHtml(frame.footer)}</p>
</body></html>`;
  return { subject, text, html };
}
