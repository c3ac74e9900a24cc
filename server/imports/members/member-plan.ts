/**
 * What the dry run of an import decides for its members (plan-members.ts), and
 * what the run writes (write-members.ts): one shape, so both read the same
 * decision whichever source the members came from.
 */
import type { ImportProblem, ImportTierChoice } from '../../../common/api/imports.ts';
import type { LinkedSubscription } from './find-paying-subscription.ts';

/** How a member comes in. */
export type MemberStanding =
  /** On the site's free tier. */
  | { kind: 'free' }
  /** Paying on the creator's own Stripe account: linked to that subscription, on the tier its price is mapped to. */
  | { kind: 'linked'; subscription: LinkedSubscription }
  /** Comped on the mapped tier until a date (an active patron: their next charge date), or for good (null). */
  | { kind: 'comped'; until: Date | null; patron: boolean }
  /** Our own export: a membership that had ended there, on its tier. */
  | { kind: 'ended'; status: 'canceled' | 'expired' };

export interface PlannedImportMember {
  email: string;
  name: string;
  /** Where the member is in the file, as the reader said. */
  where: string;
  note: string;
  labels: string[];
  subscribedToEmails: boolean;
  /** When they joined at the source; null when the file does not say (then they join now). */
  joinedAt: Date | null;
  /** Pays at the source, whatever comes of it here (the dry run's count). */
  paidAtSource: boolean;
  /** The `tierMap` key whose tier the member goes onto (a Stripe price id, a Patreon or our own tier's name); null: the free tier. */
  choice: string | null;
  standing: MemberStanding;
}

/** A member already here whose newsletters the run turns off: the source sends them none (unsubscribed, cleaned, e-mail disabled). */
export interface NewslettersOff {
  email: string;
  membershipId: string;
}

export interface MemberPlan {
  /** New members only: those already members of the site are matched and left as they are (but `newslettersOff`). */
  accepted: PlannedImportMember[];
  /** Members already here to turn newsletters off for; not those an earlier import of the source turned off (they may have turned them on since). */
  newslettersOff: NewslettersOff[];
  problems: ImportProblem[];
  counts: { members: number; paidMembers: number };
  tierChoices: ImportTierChoice[];
}
