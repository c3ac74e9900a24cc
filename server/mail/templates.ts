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
<tr><td>
<p style="margin:0 0 24px;font-weight:700;color:#5b3df5">${escapeHtml(PRODUCT_NAME)}</p>
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(mail.intro)}</p>
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
};

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
