/** The subscribers screens' words for statuses, sources, history events and dates, written once. */
import type { MemberFilter, MemberSort } from '../../../common/api/members.ts';
import type { MembershipEventKind, MembershipSource, MembershipStatus } from '../../../common/memberships.ts';

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
