/**
 * Delivers mail_outbox rows. A batch is claimed with FOR UPDATE SKIP LOCKED and
 * leased by pushing its next attempt into the future, so several servers never
 * pick the same row; the SMTP conversation happens outside any transaction.
 * Failures retry with exponential backoff; after MAX_ATTEMPTS a row is marked
 * failed, and at once when the provider refuses the recipient for good.
 */
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { isDatabaseUnavailable } from '../../db/database-unavailable.ts';
import { mailOutbox } from '../../db/schema.ts';
import type { Clock } from '../clock.ts';
import type { Logger } from '../logger.ts';
import type { MailTransport } from './transport.ts';

export const MAX_ATTEMPTS = 12;
const BATCH_SIZE = 10;
const LEASE_MS = 2 * 60_000;
const FIRST_RETRY_MS = 5_000;
const MAX_RETRY_MS = 60 * 60_000;

/**
 * A 5xx answer to this recipient (nodemailer's EENVELOPE) will be the same on every retry.
 * A 5xx to everything, such as refused credentials, is not: it ends when the operator
 * fixes SMTP_URL, so those mails keep their retries.
 */
export function isPermanentRejection(error: unknown): boolean {
  const { code, responseCode } = (error ?? {}) as { code?: unknown; responseCode?: unknown };
  return code === 'EENVELOPE' && typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600;
}

export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS);
}

interface MailWorkerDeps {
  db: Database;
  transport: MailTransport;
  clock: Clock;
  logger: Logger;
  intervalMs: number;
}

export function createMailWorker({ db, transport, clock, logger, intervalMs }: MailWorkerDeps) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let stopped = true;
  let databaseDown = false;

  // An outage fails every pass, every second, on every server: say so once when it starts and once when it ends.
  function passSucceeded() {
    if (!databaseDown) return;
    databaseDown = false;
    logger.info('mail worker resumed: the database answers again');
  }

  function passFailed(error: unknown) {
    if (!isDatabaseUnavailable(error)) return logger.error({ err: error }, 'mail worker pass failed');
    if (!databaseDown) logger.warn({ err: error }, 'mail worker paused: the database is unreachable');
    databaseDown = true;
  }

  async function claimBatch() {
    const now = clock();
    return db.transaction(async (tx) => {
      const due = await tx
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, now)))
        .orderBy(asc(mailOutbox.id))
        .limit(BATCH_SIZE)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      return tx
        .update(mailOutbox)
        .set({ attempts: sql`${mailOutbox.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + LEASE_MS) })
        .where(inArray(mailOutbox.id, due.map((row) => row.id)))
        .returning();
    });
  }

  /** Sends what is due now; returns how many were delivered. */
  async function deliverDue(): Promise<number> {
    let delivered = 0;
    for (;;) {
      const batch = await claimBatch();
      if (batch.length === 0) return delivered;
      for (const mail of batch) {
        try {
          await transport.send({ to: mail.recipient, subject: mail.subject, text: mail.textBody, html: mail.htmlBody });
          await db.update(mailOutbox).set({ status: 'sent', sentAt: clock(), lastError: null }).where(eq(mailOutbox.id, mail.id));
          delivered += 1;
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          const failed = mail.attempts >= MAX_ATTEMPTS || isPermanentRejection(error);
          await db
            .update(mailOutbox)
            .set({
              status: failed ? 'failed' : 'pending',
              lastError: message.slice(0, 500),
              nextAttemptAt: new Date(clock().getTime() + retryDelayMs(mail.attempts)),
            })
            .where(eq(mailOutbox.id, mail.id));
          logger.warn({ mailId: mail.id, attempts: mail.attempts, failed, err: message }, 'mail delivery failed');
        }
      }
    }
  }

  function runOnce(): Promise<number> {
    running ??= deliverDue().finally(() => {
      running = undefined;
    });
    return running;
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      runOnce().then(passSucceeded, passFailed).finally(schedule);
    }, intervalMs);
    timer.unref();
  }

  return {
    start() {
      stopped = false;
      schedule();
    },
    /** Stops after the mail in hand is sent. */
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running?.catch(() => undefined);
    },
    runOnce,
    /** Called after a request enqueued mail, so it goes out now rather than at the next tick. */
    nudge() {
      if (!stopped) void runOnce().then(passSucceeded, passFailed);
    },
  };
}

export type MailWorker = ReturnType<typeof createMailWorker>;
