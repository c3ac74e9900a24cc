/** The subscribers screens' words (/subscribers and /subscribers/:id): statuses, sources, history events, dates and each screen's messages, written once. */
import type { MemberFilter, MemberSort } from '../../common/api/members.ts';
import type { MembershipEventKind, MembershipSource, MembershipStatus } from '../../common/memberships.ts';

export const STATUS_LABELS: Record<MembershipStatus, string> = {
  active: 'Active',
  trialing: 'Trial',
  past_due: 'Payment failed',
  canceled: 'Ended',
  expired: 'Ended',
  comped: 'Comped',
};

export const SOURCE_LABELS: Record<MembershipSource, string> = {
  free: 'Joined free',
  stripe: 'Stripe',
  comp: 'Comped by you',
  import: 'Imported',
};

/** A history row's words when the event carries no note of its own; the tier-change kinds say the same as Recent Activity. */
export const EVENT_LABELS: Record<MembershipEventKind, string> = {
  joined: 'Joined',
  upgraded: 'Upgraded',
  downgraded: 'Downgraded',
  'tier-changed': 'Changed tier',
  payment: 'Payment',
  'payment-failed': 'Payment failed',
  refund: 'Refund',
  'renewal-canceled': 'Renewal canceled',
  'renewal-resumed': 'Renewal resumed',
  comped: 'Comped',
  ended: 'Ended',
  imported: 'Imported',
};

export const FILTER_LABELS: Record<MemberFilter, string> = {
  active: 'Current members',
  paying: 'Paying',
  free: 'Free',
  comped: 'Comped',
  past_due: 'Payment failed',
  ended: 'Ended',
  email_disabled: 'E-mail stopped',
};

export const SORT_LABELS: Record<MemberSort, string> = {
  joined: 'Joined',
  name: 'Name',
  email: 'E-mail',
  renewal: 'Renewal',
  value: 'Lifetime value',
};

const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });

export function formatDate(iso: string | null): string {
  return iso ? dateFormat.format(new Date(iso)) : '—';
}

export function pageRange(start: number, shown: number, total: number): string {
  const numbers = new Intl.NumberFormat('en-US');
  if (shown === 0) return `0 of ${numbers.format(total)}`;
  return `${numbers.format(start)}–${numbers.format(start + shown - 1)} of ${numbers.format(total)}`;
}

/** One member's page (/subscribers/:id). */
export const MEMBER_PAGE = {
  back: '← All subscribers',
  loading: 'Loading the member…',
  notFound: 'This member is not one of yours, or no longer exists.',
  loadFailed: 'This member could not be loaded.',
  noHistory: 'Nothing recorded yet.',
  saved: 'Saved.',
  emailsAgain: 'E-mails to this address start again.',
  emailStopped: (reason: string | null) => `E-mails to this address stopped: the mail server refused it for good (${reason ?? ''}). Once the member has fixed their address, send again.`,
  compedUntil: (date: string) => `Comped until ${date}.`,
  compedForGood: 'Comped with no end date.',
  compDateInPast: 'Choose a date in the future, or none.',
  paysThroughStripe: 'This member pays through Stripe. To comp them, remove them first (ending their subscription).',
  noPaidTier: 'Create a paid tier to comp members onto it.',
  removeIntro: 'They lose access to your members-only posts at once. They can join again later.',
} as const;

/** The list of members (/subscribers). */
export const SUBSCRIBERS_PAGE = {
  emptyHeading: 'No members yet',
  emptyText: 'Share your join page and your first fans will show up here. Moving from another platform? Import their CSV.',
  loading: 'Loading members…',
  offline: 'Could not reach the server. Check your connection.',
  loadFailed: 'Your members could not be loaded.',
  noMatch: (q: string) => (q ? `No members match “${q}”.` : 'No members match these filters.'),
} as const;
