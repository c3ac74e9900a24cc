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
  /**
   * For a job on a calendar (cron) rather than a period: the latest tick at or before `now`.
   * The job is then due once per tick, and `everyMs` only says how often to look.
   */
  lastTickAt?: (now: Date) => Date;
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
    if (job.lastTickAt) return claimTick(job, job.lastTickAt);
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

  /**
   * Takes the latest tick of a calendar job unless another server took it. A job met for the
   * first time counts its latest tick as taken: a new schedule starts at its next tick, not at start-up.
   */
  async function claimTick(job: ScheduledJob, lastTickAt: (now: Date) => Date): Promise<boolean> {
    const now = clock();
    const tick = lastTickAt(now);
    await db.insert(scheduledJobs).values({ name: job.name, lastStartedAt: tick }).onConflictDoNothing();
    const claimed = await db
      .update(scheduledJobs)
      .set({ lastStartedAt: now })
      .where(sql`${scheduledJobs.name} = ${job.name} and ${scheduledJobs.lastStartedAt} < ${tick.toISOString()}::timestamptz`)
      .returning({ name: scheduledJobs.name });
    return claimed.length > 0;
  }

  async function runDueJobs(): Promise<string[]> {
    const ran: string[] = [];
    for (const job of jobs) {
      if (!(await claim(job))) continue;
      const result = await job.run();
      // Most runs find nothing to do: what they did is logged by the job where it matters.
      logger.debug({ job: job.name, result }, 'scheduled job done');
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
