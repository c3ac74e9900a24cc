/**
 * The background job queue (docs/decisions/035-pg-boss-job-queue.md): pg-boss
 * on the same database as everything else, Postgres or PGlite. A job can be
 * enqueued inside the transaction that makes it needed, so a row and its job
 * commit together or not at all. Retries, expiry and heartbeats are pg-boss's:
 * a server that dies mid-job stops beating and another server takes the job.
 */
import { sql } from 'drizzle-orm';
import { PgBoss, fromDrizzle, fromPglite, type DrizzleTransactionLike, type Job, type Queue } from 'pg-boss';
import type { DatabaseHandle } from '../../db/connect.ts';
import { isDatabaseUnavailable } from '../../db/database-unavailable.ts';
import type { Logger } from '../logger.ts';
import type { Transaction } from '../../db/transaction.ts';

export interface QueueDefinition {
  name: string;
  options: Omit<Queue, 'name'>;
}

export interface JobQueue {
  start(): Promise<void>;
  /** Stops taking jobs, lets the ones in hand finish (up to `timeoutMs`), closes pg-boss's connections. */
  stop(timeoutMs?: number): Promise<void>;
  /** Enqueues a job; with `tx`, as part of that transaction; not before `startAfter` (a time) or `startAfterSeconds` (from now, by the database's clock). */
  send(name: string, data: object, tx?: Transaction, options?: { startAfter?: Date; startAfterSeconds?: number }): Promise<string | null>;
  /** Runs `handler` for each job of `name` on this server, one at a time. */
  work<Data extends object>(name: string, handler: (job: Job<Data>) => Promise<void>): Promise<void>;
}

export interface JobQueueDeps {
  database: DatabaseHandle;
  logger: Logger;
  queues: QueueDefinition[];
  /** How often a server looks for jobs whose worker went silent. */
  superviseIntervalSeconds: number;
}

/**
 * How a worker fetches: one job at a time, and the next at once while more are waiting. pg-boss otherwise waits its
 * polling interval (2 s) after every job however many are queued, which held an import's 104 media files to one every
 * 1.9 s on an idle machine (the round-trip bench). The backlog it reads is its cached count of ready jobs, refreshed
 * every QUEUE_CACHE_SECONDS; an empty fetch falls back to polling, so an idle queue costs what it did.
 */
const WORK_OPTIONS = { batchSize: 1, burstWhenReadyExceeds: 1 } as const;
const QUEUE_CACHE_SECONDS = 5;

export function createJobQueue({ database, logger, queues, superviseIntervalSeconds }: JobQueueDeps): JobQueue {
  const common = { superviseIntervalSeconds, monitorIntervalSeconds: superviseIntervalSeconds, queueCacheIntervalSeconds: QUEUE_CACHE_SECONDS, schedule: false } as const;
  const boss =
    database.kind === 'pglite'
      ? new PgBoss({ ...common, db: fromPglite(database.pglite!), backend: 'pglite' })
      : new PgBoss({ ...common, connectionString: database.url!, max: 4, application_name: 'creator-platform-queue' });
  // An outage is reported once by the request log and the mail worker; pg-boss would repeat it every poll.
  boss.on('error', (error: Error) => (isDatabaseUnavailable(error) ? logger.debug({ err: error }, 'job queue waits for the database') : logger.error({ err: error }, 'job queue error')));
  const workers: { name: string; handler: (job: Job<object>) => Promise<void> }[] = [];
  let started = false;

  return {
    async start() {
      await boss.start();
      for (const { name, options } of queues) {
        if (await boss.getQueue(name)) await boss.updateQueue(name, options);
        else await boss.createQueue(name, options);
      }
      started = true;
      for (const { name, handler } of workers) await boss.work<object>(name, WORK_OPTIONS, ([job]) => (job ? handler(job) : Promise.resolve()));
    },
    async stop(timeoutMs = 10_000) {
      if (!started) return;
      started = false;
      await boss.stop({ graceful: true, close: true, timeout: timeoutMs });
    },
    send(name, data, tx, options = {}) {
      const startAfter = options.startAfter ?? options.startAfterSeconds;
      const later = startAfter === undefined ? {} : { startAfter };
      // drizzle types execute() as unknown; the adapter reads the rows of either driver's answer.
      return boss.send(name, data, { ...later, ...(tx ? { db: fromDrizzle(tx as unknown as DrizzleTransactionLike, sql) } : {}) });
    },
    async work<Data extends object>(name: string, handler: (job: Job<Data>) => Promise<void>) {
      const entry = { name, handler: handler as (job: Job<object>) => Promise<void> };
      workers.push(entry);
      if (started) await boss.work<object>(name, WORK_OPTIONS, ([job]) => (job ? entry.handler(job) : Promise.resolve()));
    },
  };
}
