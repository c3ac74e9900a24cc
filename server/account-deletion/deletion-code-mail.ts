/**
 * The mail with the code that deletes an account (the registry's
 * `account-deletion-code`, docs/decisions/159). Asked from a site's account
 * page, it comes in that site's name and look, as the member's other mail
 * from the site does (docs/decisions/142); asked elsewhere, from whoever the
 * account's own mail comes from (docs/decisions/153). The code is made when
 * the mail is sent, so the outbox never holds one.
 */
import type { Database } from '../../db/connect.ts';
import type { accountMailSender } from '../auth/index.ts';
import { actionMail, fromAddress, siteActionMail, siteSender, type ActionMail, type MailTemplates, type RenderedMail } from '../mail/index.ts';
import { loadMailBrand } from '../sites/index.ts';
import { DELETION_CODE_TTL_MS, freshDeletionCode } from './deletion-codes.ts';

const SUBJECT = 'Your code to delete your account';
const MINUTES = DELETION_CODE_TTL_MS / 60_000;

/** A member of several sites asked with no site named: no product, no site, nobody's name (account-frame.ts's neutral look). */
const NEUTRAL_FRAME: Parameters<typeof actionMail>[2] = {
  accent: '#374151',
  onAccent: '#ffffff',
  accentText: '#374151',
  headerHtml: '',
  footer: 'You receive this e-mail because it is about your account.',
};

function words(code: string, greetingName: string | undefined, where: string, actionUrl: string): ActionMail {
  return {
    greetingName,
    intro: `Your code to delete your account${where} is ${code}. Enter it on your account page to confirm. Deleting cancels your paid memberships now and takes your address off every list; your comments stay, signed "Deleted member".`,
    actionLabel: 'Open your account',
    actionUrl,
    outro: `The code works once and expires in ${MINUTES} minutes. If you did not ask to delete your account, ignore this e-mail: nothing happens, and your account stays as it is.`,
  };
}

export function deletionCodeMailTemplate({ db, mailFrom, senderOf }: { db: Database; mailFrom: string; senderOf: ReturnType<typeof accountMailSender> }): Pick<MailTemplates, 'account-deletion-code'> {
  return {
    'account-deletion-code': {
      to: 'user',
      async render({ row, user, name, ownLinks, whileHeld }): Promise<RenderedMail | undefined> {
        const code = await whileHeld((tx, now) => freshDeletionCode(tx, { userId: row.params.userId, email: user.email, now }));
        const asked = row.params.siteId ? await loadMailBrand(db, ownLinks, row.params.siteId) : undefined;
        const sender = asked ? { kind: 'site' as const, brand: asked } : await senderOf(user, row.params.userId);
        if (sender.kind === 'site') {
          const { brand } = sender;
          const mail = siteActionMail(SUBJECT, brand, words(code, name, ` on ${brand.title}`, `${brand.url.replace(/\/$/, '')}/account`));
          return { ...mail, from: siteSender(brand, mailFrom) };
        }
        if (sender.kind === 'platform') return actionMail(SUBJECT, words(code, name, '', new URL('/settings/account', ownLinks).href));
        return { ...actionMail(SUBJECT, words(code, name, '', ownLinks.origin), NEUTRAL_FRAME), from: { name: '', address: fromAddress(mailFrom) } };
      },
    },
  };
}
