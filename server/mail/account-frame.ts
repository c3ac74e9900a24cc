/**
 * Who mail about the account itself (password, e-mail address, verification)
 * comes from (docs/decisions/153, amending 142): a creator hears from the
 * platform, in its frame and name; a member never does, since the platform is
 * nothing a fan met. A member of exactly one site hears from that site (its
 * name as the sender, its colour and logo); any other member gets a neutral
 * frame with no product name or tagline, from MAIL_FROM's bare address, under
 * subjects that name nothing.
 */
import { actionMail, type ActionMail, type MailFrame } from './action-mail.ts';
import { fromAddress } from './addresses.ts';
import { siteActionMail, siteSender, type MailBrand } from './site-mail.ts';
import { MAIL_SUBJECTS } from './subjects.ts';
import type { RenderedMail } from './template-registry.ts';

/** The templates of mail about the account. */
export type AccountTemplate = 'verify-email' | 'reset-password' | 'password-changed' | 'confirm-email-change' | 'email-change-requested' | 'email-change-taken';

/** Who the account's mail is from: the platform (a creator), one site (its only member's), or nobody named. */
export type AccountMailSender = { kind: 'platform' } | { kind: 'site'; brand: MailBrand } | { kind: 'neutral' };

/** The subjects a member reads: the platform's, without its name. */
const NEUTRAL_SUBJECTS: Record<AccountTemplate, string> = {
  'verify-email': 'Confirm your e-mail',
  'reset-password': 'Reset your password',
  'password-changed': 'Your password was changed',
  'confirm-email-change': 'Confirm your new email',
  'email-change-requested': 'Your email is being changed',
  'email-change-taken': 'Your email was not changed',
};

const NEUTRAL_INK = '#374151';

const NEUTRAL_FRAME: MailFrame = {
  accent: NEUTRAL_INK,
  onAccent: '#ffffff',
  accentText: NEUTRAL_INK,
  headerHtml: '',
  footer: 'You receive this e-mail because it is about your account.',
};

/** An account mail in the frame, subject and sender name of who it is from. */
export function accountMail(sender: AccountMailSender, template: AccountTemplate, mail: ActionMail, mailFrom: string): RenderedMail {
  if (sender.kind === 'platform') return actionMail(MAIL_SUBJECTS[template], mail);
  const subject = NEUTRAL_SUBJECTS[template];
  if (sender.kind === 'site') return { ...siteActionMail(subject, sender.brand, mail), from: siteSender(sender.brand, mailFrom) };
  return { ...actionMail(subject, mail, NEUTRAL_FRAME), from: { name: '', address: fromAddress(mailFrom) } };
}
