/**
 * Periodic jobs shared by every server on one database: each period, the first
 * server to claim a job's row runs it and the others skip it. The claim is one
 * atomic upsert on scheduled_jobs, so it holds on Postgres and PGlite alike
 * (docs/decisions/021-scheduled-clean-up.md says why not pg-boss yet).
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { isDatabaseUnavailable } from '../../db/database-unavailable.ts';
import { scheduledJobs } from '../../db/schema.ts';
import type { Clock } from '../clock.ts';
import type { Logger } from '../logger.ts';

export interface ScheduledJob {
  name: string;
  everyMs: number;
  run(): Promise<unknown>;
}

/** How often a server looks whether a job is due: a job's period is far longer, so this only bounds how late it starts. */
const CHECK_MS = 60_000;

export function createScheduler({ db, clock, logger, jobs }: { db: Database; clock: Clock; logger: Logger; jobs: ScheduledJob[] }) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<string[]> | undefined;
  let stopped = true;

  /** Takes this period's turn of the job unless another server took it. */
  async function claim(job: ScheduledJob): Promise<boolean> {
    const now = clock();
    const dueBefore = new Date(now.getTime() - job.everyMs);
    const claimed = await db
      .insert(scheduledJobs)
      .values({ name: job.name, lastStartedAt: now })
      .onConflictDoUpdate({
        target: scheduledJobs.name,
        set: { lastStartedAt: now },
        setWhere: sql`${scheduledJobs.lastStartedAt} <= ${dueBefore.toISOString()}::timestamptz`,
      })
      .returning({ name: scheduledJobs.name });
    return claimed.length > 0;
  }

  async function runDueJobs(): Promise<string[]> {
    const ran: string[] = [];
    for (const job of jobs) {
      if (!(await claim(job))) continue;
      const result = await job.run();
      logger.info({ job: job.name, result }, 'scheduled job done');
      ran.push(job.name);
    }
    return ran;
  }

  /** Runs every job whose turn this server wins now; returns their names. */
  function runDue(): Promise<string[]> {
    running ??= runDueJobs().finally(() => {
      running = undefined;
    });
    return running;
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      runDue()
        .catch((error: unknown) => {
          // An outage is reported by the request log and the mail worker already; the next check retries.
          if (!isDatabaseUnavailable(error)) logger.error({ err: error }, 'scheduled job failed');
        })
        .finally(schedule);
    }, Math.min(CHECK_MS, ...jobs.map((job) => job.everyMs)));
    timer.unref();
  }

  return {
    start() {
      stopped = false;
      schedule();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running?.catch(() => undefined);
    },
    runDue,
  };
}

export type Scheduler = ReturnType<typeof createScheduler>;
