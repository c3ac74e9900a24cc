/**
 * The creator's plan on the platform (SPEC.md: 30-day free trial, $19+ a month
 * flat, 0% revenue cut; docs/decisions/057-platform-plan.md), shared by the
 * server, which enforces it, and the studio, which words it.
 */
import type { PlatformPlanStatus } from './memberships.ts';

/**
 * `users.account_tier`: SPEC.md's default 'free' for a creator on the trial or
 * without a plan; 'creator' while the flat fee is paid (or being retried).
 */
export const ACCOUNT_TIERS = ['free', 'creator'] as const;
export type AccountTier = (typeof ACCOUNT_TIERS)[number];

export function accountTierFor(status: PlatformPlanStatus): AccountTier {
  return status === 'active' || status === 'past_due' ? 'creator' : 'free';
}

/** The statuses under which a creator may publish: a trial, a paid plan, a card being retried, a canceled plan until its period ends. */
export const PUBLISHING_STATUSES: readonly PlatformPlanStatus[] = ['trialing', 'active', 'past_due', 'canceled'];

/** The studio's notice turns from a quiet count to a gentle reminder this many days before the trial ends. */
export const TRIAL_NOTICE_DAYS = 7;

/** Days left until `end`, a part-day counted as a day, never below zero. */
export function daysUntil(end: Date, now: Date): number {
  return Math.max(0, Math.ceil((end.getTime() - now.getTime()) / (24 * 60 * 60 * 1000)));
}
