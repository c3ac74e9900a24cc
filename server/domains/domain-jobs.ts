/**
 * The queue's automatic DNS checks of a domain: soon after it is added, then
 * further and further apart until it is active or the job gives up (the
 * domain is then `failed`, and "Check now" still works). An active domain is
 * checked again daily, so a domain whose records were removed stops getting
 * certificates and content. Each job carries the time it was scheduled for;
 * the domain's row says which schedule is current, so a stale job does nothing.
 * A claim that never proves its name is removed by the clean-up job after
 * UNPROVEN_CLAIM_DAYS (domains-service.ts forgetExpiredClaims).
 */
import type { QueueDefinition } from '../queue/index.ts';

export const DOMAIN_CHECK_JOB = 'domain.check';

export interface DomainCheckJobData {
  domainId: string;
  /** The domain's next_check_at when the job was sent. */
  due: string;
}

/** One, two, four… minutes, at most six hours apart, about three days in all. */
const FIRST_DELAY_SECONDS = 60;
const MAX_DELAY_SECONDS = 6 * 3600;
export const DOMAIN_CHECK_LIMIT = 20;
export const ACTIVE_RECHECK_SECONDS = 24 * 3600;
/** A claim blocks nobody, but one never proven is not kept for ever: the creator sees when it goes. */
export const UNPROVEN_CLAIM_DAYS = 7;

/** Seconds until the next automatic check after `attempts` failed ones; undefined once the job gives up. */
export function nextCheckDelaySeconds(attempts: number): number | undefined {
  if (attempts >= DOMAIN_CHECK_LIMIT) return undefined;
  return Math.min(FIRST_DELAY_SECONDS * 2 ** attempts, MAX_DELAY_SECONDS);
}

export const domainQueues: QueueDefinition[] = [
  {
    name: DOMAIN_CHECK_JOB,
    options: {
      // A check that throws (the database away) is retried by pg-boss; DNS failures are settled by the check itself.
      retryLimit: 3,
      retryDelay: 30,
      retryBackoff: true,
      // DNS lookups are bounded (dns-check.ts); a job past this is stuck and is taken again.
      expireInSeconds: 120,
      deleteAfterSeconds: 7 * 24 * 3600,
    },
  },
];
