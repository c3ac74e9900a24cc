/**
 * The mails of an e-mail change (account-changes.ts), the platform's, since they
 * are about the account itself: the link to the new address (issued when the
 * mail is sent, which also ends the links sent before), the notice to the old
 * address, and the word to a new address that already has an account. Each is
 * an `address` mail: it goes to the address its row names, not to the account's.
 */
import { CONFIRM_EMAIL_CHANGE_PATH } from '../../common/api/account.ts';
import { actionMail, MAIL_SUBJECTS, type MailContent, type MailTemplates } from '../mail/index.ts';
import { CHANGE_EMAIL_TOKEN_TTL_MS } from './account-changes.ts';
import { appLink } from './deps.ts';
import { freshEmailToken } from './email-tokens.ts';

export function confirmEmailChangeMail(name: string | undefined, link: string): MailContent {
  return actionMail(MAIL_SUBJECTS['confirm-email-change'], {
    greetingName: name,
    intro: 'You asked to use this address for your account. Confirm it with the button below; until then your account keeps its old address.',
    actionLabel: 'Confirm this address',
    actionUrl: link,
    outro: 'The link works once and expires in 60 minutes. If you did not ask for it, ignore this email: nothing changes.',
  });
}

export function emailChangeRequestedMail(name: string | undefined, newEmail: string, loginUrl: string, supportEmail: string): MailContent {
  return actionMail(MAIL_SUBJECTS['email-change-requested'], {
    greetingName: name,
    intro: `Someone signed in to your account asked to change its address to ${newEmail}. The address changes only once that inbox confirms it.`,
    actionLabel: 'Sign in',
    actionUrl: loginUrl,
    outro: `If it was not you, reset your password right away (on the sign-in page, "Forgot password?") and write to ${supportEmail}.`,
  });
}

export function emailChangeTakenMail(loginUrl: string): MailContent {
  return actionMail(MAIL_SUBJECTS['email-change-taken'], {
    greetingName: undefined,
    intro: 'Someone asked to move an account to this address, but this address already has an account of its own, so nothing changed.',
    actionLabel: 'Sign in with this address',
    actionUrl: loginUrl,
    outro: 'If it was you, sign in with this address instead, or use another one. If not, ignore this email.',
  });
}

export function emailChangeMailTemplates({ supportEmail }: { supportEmail: string }): Pick<MailTemplates, 'confirm-email-change' | 'email-change-requested' | 'email-change-taken'> {
  return {
    'confirm-email-change': {
      to: 'address',
      async render({ row, user, name, ownLinks, whileHeld }) {
        if (user.suspensionInfo.suspended) return undefined;
        const token = await whileHeld((tx, now) => freshEmailToken(tx, { userId: row.params.userId, email: row.recipient, purpose: 'change-email', now, ttlMs: CHANGE_EMAIL_TOKEN_TTL_MS }));
        return confirmEmailChangeMail(name, appLink(ownLinks, CONFIRM_EMAIL_CHANGE_PATH, { token }));
      },
    },
    'email-change-requested': {
      to: 'address',
      render: async ({ row, name, ownLinks }) => emailChangeRequestedMail(name, row.params.newEmail ?? '', appLink(ownLinks, '/login'), supportEmail),
    },
    'email-change-taken': {
      to: 'address',
      render: async ({ ownLinks }) => emailChangeTakenMail(appLink(ownLinks, '/login')),
    },
  };
}
