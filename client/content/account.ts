/**
 * The words of the account settings (/settings/account, docs/decisions/148):
 * the e-mail, password, other devices and deletion sections, what the
 * confirmation link of an e-mail change reports through ?email-change=, and the
 * sidebar's sign-out. The server's codes map through SERVER_MESSAGES except
 * where a field of these forms needs its own words.
 */
import type { EmailChangeResult } from '../../common/api/account.ts';
import type { ErrorCode } from '../../common/error-codes.ts';
import { SERVER_MESSAGES } from '../../common/messages.ts';

export const ACCOUNT_TITLE = 'Account';
export const ACCOUNT_INTRO = 'Your sign-in e-mail and password, the devices signed in to your account, and deleting it.';

export const SIGN_OUT_LABEL = 'Sign out';
export const SIGNING_OUT_LABEL = 'Signing out…';

export const EMAIL_COPY = {
  heading: 'E-mail address',
  current: (email: string) => `You sign in with ${email}.`,
  newLabel: 'New e-mail address',
  passwordLabel: 'Your password',
  submit: 'Send confirmation link',
  sent: (email: string) => `We sent a link to ${email}. Your address changes when you open it (within 60 minutes). Until then, sign in with your current address.`,
  missingEmail: 'Enter the new e-mail address.',
  invalidEmail: 'Enter an e-mail address like name@example.com.',
  missingPassword: 'Enter your password to confirm it is you.',
} as const;

export const PASSWORD_COPY = {
  heading: 'Password',
  currentLabel: 'Current password',
  newLabel: 'New password',
  newHint: 'At least 8 characters, not a common password.',
  submit: 'Change password',
  changed: (ended: number) =>
    ended === 0 ? 'Your password was changed.' : `Your password was changed, and ${ended === 1 ? 'one other device was' : `${ended} other devices were`} signed out.`,
  missingCurrent: 'Enter your current password.',
  weakNew: 'Choose a password of at least 8 characters.',
  noPassword: 'Your account has no password yet: you sign in with Google or with a link we e-mail you. We can e-mail you a link to set one.',
  sendSetLink: 'E-mail me a link to set a password',
  setLinkSent: (email: string) => `We sent a link to ${email}. Open it within 60 minutes to set your password.`,
} as const;

export const SESSIONS_COPY = {
  heading: 'Signed-in devices',
  text: 'Signed in on a computer or phone you no longer use, or that someone else can reach? Sign out everywhere but here.',
  button: 'Sign out everywhere else',
  done: (ended: number) => (ended === 0 ? 'No other device was signed in.' : `Signed out of ${ended === 1 ? 'one other device' : `${ended} other devices`}.`),
} as const;

export const DELETE_COPY = {
  heading: 'Delete account',
  loading: 'Checking what your account holds…',
  exportFirst: 'Before you go, take a copy of what you want to keep:',
  exportMembers: 'Your members: Subscribers, then “Export CSV”',
  exportMedia: 'Your images, video and audio: the media library',
  whatGoes: 'Deleting your account deletes, at once and for good:',
  site: (title: string, handle: string, members: number) =>
    `your site “${title}” (@${handle}), its posts, files and design${members === 0 ? '' : `, and the access of its ${members === 1 ? 'one member' : `${members} members`}`}`,
  account: 'your sign-in and your memberships of other sites; your messages and comments stay, without your name',
  paying: (count: number) =>
    `${count === 1 ? 'One member still pays' : `${count} members still pay`} your site through Stripe. Cancel their subscriptions first (on each member’s page in Subscribers), so nobody is charged for a site that no longer exists.`,
  billedPlan: 'You still pay for your plan. Cancel it first, so you are not charged after your account is gone:',
  billedPlanLink: 'your plan, in Settings > Advanced',
  ownPaying: (count: number) => `${count === 1 ? 'your paid membership of another site: it is canceled' : `your ${count} paid memberships of other sites: they are canceled`} at Stripe at once, and nothing more is charged`,
  typeLabel: (word: string) => `Type “${word}” to confirm`,
  typeMismatch: (word: string) => `Type “${word}” exactly, to confirm.`,
  passwordLabel: 'Your password',
  submit: 'Delete my account',
  open: 'Delete account…',
  dialogTitle: 'Delete your account?',
  noPassword: 'Your account has no password: confirm with a code we e-mail you.',
  sendCode: 'E-mail me a code',
  codeSent: (email: string) => `We sent a code to ${email}. It works for 15 minutes.`,
  codeLabel: 'Code from the e-mail',
  sendNewCode: 'Send a new code',
  missingCode: 'Enter the six-digit code from the e-mail.',
} as const;

/** What the user types to confirm a deletion: the site's handle when there is one (as GitHub asks for the repository's name), else this. */
export const DELETE_CONFIRM_WORD = 'delete my account';

/** What the confirmation link of an e-mail change reports, from ?email-change=. */
export function emailChangeNotice(result: EmailChangeResult): { tone: 'success' | 'error'; text: string } {
  switch (result) {
    case 'changed':
      return { tone: 'success', text: 'Your e-mail address was changed. Sign in with the new one from now on.' };
    case 'expired':
      return { tone: 'error', text: 'This confirmation link has expired. Ask for a new one below.' };
    case 'taken':
      return { tone: 'error', text: 'Another account now uses that address, so yours was not changed.' };
    case 'other-account':
      return { tone: 'error', text: 'That link is for another account. Sign out, sign in to that account, and open the link again.' };
    case 'invalid':
      return { tone: 'error', text: 'This confirmation link is not valid or was already used. Ask for a new one below if your address has not changed.' };
  }
}

/** A server code in these forms' words. */
export function accountProblem(code: ErrorCode): string {
  if (code === 'wrong-password') return 'That is not your current password.';
  if (code === 'email-already-in-use') return SERVER_MESSAGES['email-already-in-use'];
  return SERVER_MESSAGES[code];
}
