/**
 * /api/members (DESIGN.md "HTTP API added"): the signed-in creator's
 * subscribers. The list pages by an opaque cursor (keyset, so page 2,000 costs
 * what page 1 does: docs/decisions/055); the export is CSV with Ghost's
 * columns and the import takes CSV text with a column mapping and a dry run
 * (docs/decisions/056). The zod schemas of its inputs live in
 * common/member-schemas.ts: the client needs only these types and constants.
 */
import type { Cadence, MembershipEventKind, MembershipSource, MembershipStatus, TierType } from '../memberships.ts';
import { endpoint } from './endpoint.ts';
import type { CompInput, ImportInput, MemberPatch, MembersQueryInput, RemoveInput } from '../member-schemas.ts';

/** The list's status filter: what a creator asks, not the raw column (`paying` spans active, trialing and past due). */
export const MEMBER_FILTERS = ['active', 'paying', 'free', 'comped', 'past_due', 'ended', 'email_disabled'] as const;
export type MemberFilter = (typeof MEMBER_FILTERS)[number];

export const MEMBER_SORTS = ['joined', 'name', 'email', 'renewal', 'value'] as const;
export type MemberSort = (typeof MEMBER_SORTS)[number];

export const MEMBERS_PAGE_SIZE = 50;
export const MEMBERS_MAX_PAGE_SIZE = 200;

export interface Money {
  /** Minor units. */
  amount: number;
  currency: string;
}

export interface MemberSummary {
  id: string;
  name: string;
  email: string;
  tier: { id: string; name: string };
  status: MembershipStatus;
  source: MembershipSource;
  cadence: Cadence | null;
  /** ISO. */
  joined: string;
  renewal: { at: string | null; cancelAtPeriodEnd: boolean };
  lifetimeValue: Money;
  compExpiresAt: string | null;
  labels: string[];
  /** Set by a permanent SMTP failure: the address gets no more mail until the creator clears it. */
  emailDisabled: boolean;
  emailDisabledReason: string | null;
}

export interface MemberEvent {
  id: string;
  kind: MembershipEventKind;
  tierName: string | null;
  amount: Money | null;
  detail: string;
  occurredAt: string;
}

export interface MemberDetail extends MemberSummary {
  note: string;
  subscribedToEmails: boolean;
  stripeCustomerId: string | null;
  /** A member who pays through Stripe: removing them asks when their subscription should end. */
  paysThroughStripe: boolean;
  endedAt: string | null;
  /** Newest first. */
  history: MemberEvent[];
}

export interface MembersAnswer {
  members: MemberSummary[];
  /** Every member the filters match, not only this page. */
  total: number;
  /** The cursor of the page after this one; absent on the last page. */
  next?: string;
  /** The cursor of the page before this one; absent on the first page. */
  previous?: string;
  /** The site's tiers, in order: the tier filter and the comp form choose among them. */
  tiers: { id: string; name: string; type: TierType; active: boolean }[];
}

export const LABEL_MAX_LENGTH = 60;
export const NOTE_MAX_LENGTH = 2000;

export const REMOVE_STRIPE_CHOICES = ['at-period-end', 'now'] as const;

/** Our fields an import can fill, each from a column the creator chooses. */
export const IMPORT_FIELDS = ['email', 'name', 'note', 'labels', 'subscribed_to_emails', 'complimentary_plan', 'stripe_customer_id', 'tiers'] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];
export type ImportMapping = Partial<Record<ImportField, string>>;

/** About 100,000 rows of Ghost's export. */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;

export const IMPORT_PROBLEMS = [
  'invalid-email',
  'duplicate-in-file',
  'already-a-member',
  'unknown-tier',
  'stripe-customer-not-found',
  'stripe-unavailable',
  'is-the-creator',
  'invalid-row',
  'unstorable-text',
] as const;
export type ImportProblem = (typeof IMPORT_PROBLEMS)[number];

export const IMPORT_PROBLEM_MESSAGES: Record<ImportProblem, string> = {
  'invalid-email': 'Not a valid e-mail address.',
  'duplicate-in-file': 'This e-mail appears earlier in the file.',
  'already-a-member': 'Already a member of your site.',
  'unknown-tier': 'No tier of yours has this name.',
  'stripe-customer-not-found': 'No customer with an active subscription to one of your tiers has this id on your Stripe account.',
  'stripe-unavailable': 'Stripe is not connected, so this Stripe customer cannot be linked.',
  'is-the-creator': 'This is your own address.',
  'invalid-row': 'The row does not have the columns of the header.',
  'unstorable-text': 'A cell holds a character that cannot be saved (a NUL byte or a broken character). Fix the cell and import the row again.',
};

export interface ImportRefusal {
  /** The line's number in the file, the header being line 1. */
  row: number;
  email: string;
  problem: ImportProblem;
  message: string;
}

export interface ImportReport {
  dryRun: boolean;
  rows: number;
  /** New members (and new accounts where the address had none). */
  create: number;
  /** Members linked to an existing Stripe subscription among `create`. */
  linked: number;
  refused: ImportRefusal[];
}

export const listMembers = endpoint<undefined, MembersQueryInput & Record<string, string | number | undefined>, MembersAnswer>('GET', '/api/members');
export const getMember = endpoint<undefined, undefined, { member: MemberDetail }>('GET', '/api/members/:id');
export const updateMember = endpoint<MemberPatch, undefined, { member: MemberDetail }>('PATCH', '/api/members/:id');
/** 409 `member-pays-through-stripe` for a member with a live subscription: remove (cancel) it first. */
export const compMember = endpoint<CompInput, undefined, { member: MemberDetail }>('POST', '/api/members/:id/comp');
export const removeMember = endpoint<RemoveInput, undefined, { member: MemberDetail }>('DELETE', '/api/members/:id');
export const importMembers = endpoint<ImportInput, undefined, ImportReport>('POST', '/api/members/import');
/** Not called through api.ts: the browser downloads it (same query as the list). */
export const EXPORT_PATH = '/api/members/export.csv';

/** Ghost's members CSV columns, in Ghost's order. */
export const EXPORT_COLUMNS = [
  'id',
  'email',
  'name',
  'note',
  'subscribed_to_emails',
  'complimentary_plan',
  'stripe_customer_id',
  'created_at',
  'deleted_at',
  'labels',
  'tiers',
] as const;
