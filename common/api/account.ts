/**
 * /api/account (DESIGN.md "The creator's first hour", account basics): the
 * signed-in person's own address, password, other sessions and the deletion of
 * the account, the contract the account settings screen sends by and the
 * routes answer by. Signing up, in and out stay in auth.ts and session.ts.
 */
import { endpoint } from './endpoint.ts';

export interface ChangeEmailBody {
  email: string;
  /** The account's current password: a session alone cannot move the account to another address. */
  password: string;
}

/** The confirmation link went to `email`; the address changes once it is followed. */
export interface EmailChangeAnswer {
  status: 'confirmation-sent';
  email: string;
}

export interface ChangePasswordBody {
  currentPassword: string;
  newPassword: string;
}

export interface PasswordChangedAnswer {
  status: 'password-changed';
  /** How many other sessions (devices) were signed out. */
  endedSessions: number;
}

export interface OtherSessionsEndedAnswer {
  endedSessions: number;
}

/** What deleting the account would remove, and what stops it for now. */
export interface AccountDeletionPlan {
  /** The sites the account owns: they go with it, with their posts, media and members' access. */
  sites: { handle: string; title: string; members: number }[];
  /** Members paying the account's sites through Stripe: deletion waits until they are cancelled. */
  payingMembers: number;
  /** The account's own paid memberships of other sites: the deletion cancels them at Stripe (docs/decisions/159). */
  ownSubscriptions: number;
  /** The account's plan on the platform while Stripe bills it: deletion waits until it is cancelled (Settings > Advanced). */
  billedPlan: boolean;
}

export interface AccountDeletionAnswer {
  deletion: AccountDeletionPlan;
}

/** The password, or the code mailed for it to an account without one (member-rights.ts, docs/decisions/159). */
export type DeleteAccountBody = { password: string } | { code: string };

/** Where the confirmation link of an e-mail change lands, as `?email-change=` on the account page. */
export const EMAIL_CHANGE_RESULTS = ['changed', 'invalid', 'expired', 'taken', 'other-account'] as const;
export type EmailChangeResult = (typeof EMAIL_CHANGE_RESULTS)[number];

export const ACCOUNT_SETTINGS_PATH = '/settings/account';

export const changeEmail = endpoint<ChangeEmailBody, undefined, EmailChangeAnswer>('POST', '/api/account/email');
export const changePassword = endpoint<ChangePasswordBody, undefined, PasswordChangedAnswer>('PUT', '/api/account/password');
export const signOutOthers = endpoint<undefined, undefined, OtherSessionsEndedAnswer>('POST', '/api/account/sessions/sign-out-others');
export const accountDeletion = endpoint<undefined, undefined, AccountDeletionAnswer>('GET', '/api/account/deletion');
export const deleteAccount = endpoint<DeleteAccountBody, undefined, void>('DELETE', '/api/account');

/** Not JSON: the link in the mail to the new address, a full-page round trip that redirects to the account page. */
export const CONFIRM_EMAIL_CHANGE_PATH = '/api/account/email/confirm';
