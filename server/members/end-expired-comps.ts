/**
 * The job that ends comps whose date has passed: the member goes back to the
 * free tier with a history row. The scheduler lets one server take each
 * period; the one UPDATE makes each comp end once even if two ran.
 */
import type { ScheduledJob } from '../jobs/index.ts';
import type { MembersService } from './members-service.ts';

export const END_EXPIRED_COMPS_JOB = 'end-expired-comps';
export const END_EXPIRED_COMPS_EVERY_MS = 60_000;

export function endExpiredCompsJob(members: Pick<MembersService, 'endExpiredComps'>): ScheduledJob {
  return {
    name: END_EXPIRED_COMPS_JOB,
    everyMs: END_EXPIRED_COMPS_EVERY_MS,
    run: async () => ({ compsEnded: await members.endExpiredComps() }),
  };
}
