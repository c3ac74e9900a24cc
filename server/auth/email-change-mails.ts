/**
 * The mails of an e-mail change (account-changes.ts), about the account itself:
 * a creator's are the platform's, a member's their site's or nobody's
 * (account-mail-sender.ts, docs/decisions/153): the link to the new address (issued when the
 * mail is sent, which also ends the links sent before), the notice to the old
 * address, and the word to a new address that already has an account. Each is
 * an `address` mail: it goes to the address its row names, not to the account's.
 */
import { CONFIRM_EMAIL_CHANGE_PATH } from '../../common/api/account.ts';
import { accountMail, type ActionMail, type MailTemplates } from '../mail/index.ts';
import { CHANGE_EMAIL_TOKEN_TTL_MS } from './account-changes.ts';
import type { AccountMailSenderOf } from './account-mail-sender.ts';
import { appLink } from './deps.ts';
import { freshEmailToken } from './email-tokens.ts';

function confirmEmailChangeWords(name: string | undefined, link: string): ActionMail {
  return {
    greetingName: name,
    intro: 'You asked to use this address for your account. Confirm it with the button below; until then your account keeps its old address.',
    actionLabel: 'Confirm this address',
    actionUrl: link,
    outro: 'The link works once and expires in 60 minutes. If you did not ask for it, ignore this email: nothing changes.',
  };
}

function emailChangeRequestedWords(name: string | undefined, newEmail: string, loginUrl: string, supportEmail: string): ActionMail {
  return {
    greetingName: name,
    intro: `Someone signed in to your account asked to change its address to ${newEmail}. The address changes only once that inbox confirms it.`,
    actionLabel: 'Sign in',
    actionUrl: loginUrl,
    outro: `If it was not you, reset your password right away (on the sign-in page, "Forgot password?") and write to ${supportEmail}.`,
  };
}

function emailChangeTakenWords(loginUrl: string): ActionMail {
  return {
    greetingName: undefined,
    intro: 'Someone asked to move an account to this address, but this address already has an account of its own, so nothing changed.',
    actionLabel: 'Sign in with this address',
    actionUrl: loginUrl,
    outro: 'If it was you, sign in with this address instead, or use another one. If not, ignore this email.',
  };
}

export function emailChangeMailTemplates({ supportEmail, mailFrom, senderOf }: { supportEmail: string; mailFrom: string; senderOf: AccountMailSenderOf }): Pick<MailTemplates, 'confirm-email-change' | 'email-change-requested' | 'email-change-taken'> {
  return {
    'confirm-email-change': {
      to: 'address',
      async render({ row, user, name, ownLinks, whileHeld }) {
        if (user.suspensionInfo.suspended) return undefined;
        const token = await whileHeld((tx, now) => freshEmailToken(tx, { userId: row.params.userId, email: row.recipient, purpose: 'change-email', now, ttlMs: CHANGE_EMAIL_TOKEN_TTL_MS }));
        return accountMail(await senderOf(user, row.params.userId), 'confirm-email-change', confirmEmailChangeWords(name, appLink(ownLinks, CONFIRM_EMAIL_CHANGE_PATH, { token })), mailFrom);
      },
    },
    'email-change-requested': {
      to: 'address',
      render: async ({ row, user, name, ownLinks }) =>
        accountMail(await senderOf(user, row.params.userId), 'email-change-requested', emailChangeRequestedWords(name, row.params.newEmail ?? '', appLink(ownLinks, '/login'), supportEmail), mailFrom),
    },
    'email-change-taken': {
      to: 'address',
      render: async ({ row, user, ownLinks }) => accountMail(await senderOf(user, row.params.userId), 'email-change-taken', emailChangeTakenWords(appLink(ownLinks, '/login')), mailFrom),
    },
  };
}
