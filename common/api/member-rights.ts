/**
 * A member's own rights (DESIGN.md "Move in, move out", GDPR articles 15, 17
 * and 20; docs/decisions/159): the account's own data as one JSON download,
 * and the code mailed to delete an account that has no password. Deleting
 * itself is `DELETE /api/account` (account.ts), with the password or that code.
 */
import type { Cadence, MembershipStatus } from '../memberships.ts';
import { endpoint } from './endpoint.ts';

/** The format of the download, so a reader of an old file knows what it holds. */
export const ACCOUNT_DATA_VERSION = 1;

export interface AccountDataMembership {
  site: { handle: string; title: string };
  tier: string;
  status: MembershipStatus;
  cadence: Cadence | null;
  /** Minor units of `currency` per cadence; null when free. */
  amount: number | null;
  currency: string | null;
  /** When it renews, or ends when `cancelAtPeriodEnd`. */
  renewsAt: string | null;
  cancelAtPeriodEnd: boolean;
  compExpiresAt: string | null;
  subscribedToEmails: boolean;
  joinedAt: string;
  endedAt: string | null;
  /** What happened to it: joins, payments, tier changes, endings. */
  history: { kind: string; at: string; amount: number | null; currency: string | null; detail: string }[];
}

export interface AccountDataComment {
  site: { handle: string; title: string };
  post: { slug: string; title: string };
  body: string;
  createdAt: string;
  editedAt: string | null;
  /** The creator hid it from other readers. */
  hidden: boolean;
}

/** One conversation with a site's creator, both sides of it: it is the member's own conversation. */
export interface AccountDataConversation {
  site: { handle: string; title: string };
  messages: { from: 'you' | 'creator'; body: string; sentAt: string }[];
}

export interface AccountData {
  format: { name: 'account-data'; version: typeof ACCOUNT_DATA_VERSION };
  exportedAt: string;
  profile: { name: string; email: string; createdAt: string; emailVerified: boolean };
  memberships: AccountDataMembership[];
  comments: AccountDataComment[];
  conversations: AccountDataConversation[];
}

/** Where the code mail is asked from: a site's handle gives the mail that site's look. */
export interface DeletionCodeBody {
  handle?: string;
}

/** @public: the account page downloads its data by a plain link (server/member-account/account-rights-routes.ts). */
export const accountData = endpoint<undefined, undefined, AccountData>('GET', '/api/account/data');
/** @public: the account page asks for the code by a plain form. */
export const mailDeletionCode = endpoint<DeletionCodeBody, undefined, { status: 'code-sent' }>('POST', '/api/account/deletion-code');
