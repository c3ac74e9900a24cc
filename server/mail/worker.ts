/**
 * Delivers mail_outbox rows, one at a time. A mail is claimed right before it
 * is sent (FOR UPDATE SKIP LOCKED, so several servers never pick the same row)
 * with a lease that a heartbeat extends while the SMTP conversation is in
 * flight, however slow the provider; the claim carries an id, and only the
 * claim that still holds the mail may settle it. No transaction stays open
 * during a send (PGlite has one connection).
 * Failures retry with exponential backoff; after MAX_ATTEMPTS a row is marked
 * failed, and at once when the provider refuses the recipient for good.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { DatabaseHandle, Unlisten } from '../../db/connect.ts';
import { isDatabaseUnavailable } from '../../db/database-unavailable.ts';
import { mailOutbox, type MailStatus } from '../../db/schema.ts';
import type { Clock } from '../clock.ts';
import type { Logger } from '../logger.ts';
import { MAIL_QUEUED_CHANNEL } from './outbox.ts';
import { createMailRenderer, LostClaimError, type OutboxRow } from './render.ts';
import type { MailTemplates } from './template-registry.ts';
import type { MailTransport } from './transport.ts';

export const MAX_ATTEMPTS = 12;
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
  database: DatabaseHandle;
  transport: MailTransport;
  clock: Clock;
  logger: Logger;
  intervalMs: number;
  /** How long a claim holds a mail without a heartbeat; the heartbeat renews it three times per lease. */
  leaseMs: number;
  appUrl: URL;
  /** Config.allowedOrigins (server/mail/link-origin.ts). */
  linkOrigins: readonly string[];
  /** Every feature's templates, by name (template-registry.ts). */
  templates: MailTemplates;
}

export function createMailWorker({ database, transport, clock, logger, intervalMs, leaseMs, appUrl, linkOrigins, templates }: MailWorkerDeps) {
  const { db } = database;
  const renderMail = createMailRenderer({ db, clock, appUrl, linkOrigins, leaseMs, templates });
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let stopped = true;
  /** Set by stop(): the pass in flight ends after the mail in hand instead of draining the queue. */
  let stopping = false;
  let databaseDown = false;
  let unlisten: Unlisten | undefined;

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

  const leaseEnd = () => new Date(clock().getTime() + leaseMs);
  const heldBy = (mail: OutboxRow, claimId: string) => and(eq(mailOutbox.id, mail.id), eq(mailOutbox.claimId, claimId), eq(mailOutbox.status, 'pending'));

  /** Takes the oldest due mail, if any, under a fresh claim id. */
  async function claimOne(): Promise<{ mail: OutboxRow; claimId: string } | undefined> {
    const claimId = randomUUID();
    const due = db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, clock())))
      .orderBy(asc(mailOutbox.id))
      .limit(1)
      .for('update', { skipLocked: true });
    const [mail] = await db
      .update(mailOutbox)
      .set({ attempts: sql`${mailOutbox.attempts} + 1`, nextAttemptAt: leaseEnd(), claimId })
      .where(eq(mailOutbox.id, sql`(${due})`))
      .returning();
    return mail ? { mail, claimId } : undefined;
  }

  /** Renews the lease while the send is in flight; a failed renewal is left to the next beat. */
  function keepLease(mail: OutboxRow, claimId: string): () => void {
    const beat = setInterval(() => {
      db.update(mailOutbox)
        .set({ nextAttemptAt: leaseEnd() })
        .where(heldBy(mail, claimId))
        .catch((error: unknown) => logger.debug({ err: error, mailId: mail.id }, 'mail lease renewal failed'));
    }, Math.max(1, Math.floor(leaseMs / 3)));
    beat.unref();
    return () => clearInterval(beat);
  }

  /** Records the outcome if this claim still holds the mail; returns whether it did. */
  async function settle(mail: OutboxRow, claimId: string, outcome: { status: MailStatus; lastError: string | null; nextAttemptAt?: Date }): Promise<boolean> {
    const settled = await db
      .update(mailOutbox)
      .set({ ...outcome, claimId: null, ...(outcome.status === 'sent' ? { sentAt: clock() } : {}) })
      .where(heldBy(mail, claimId))
      .returning({ id: mailOutbox.id });
    if (settled.length === 0) logger.warn({ mailId: mail.id }, 'mail claim was lost before its outcome was recorded');
    return settled.length > 0;
  }

  /** Renders and sends one claimed mail; returns whether it was delivered. */
  async function deliver(mail: OutboxRow, claimId: string): Promise<boolean> {
    const release = keepLease(mail, claimId);
    try {
      const content = await renderMail(mail, claimId);
      if (!content) {
        await settle(mail, claimId, { status: 'cancelled', lastError: null });
        return false;
      }
      await transport.send({ to: mail.recipient, ...content });
      release();
      return await settle(mail, claimId, { status: 'sent', lastError: null });
    } catch (error) {
      release();
      if (error instanceof LostClaimError || isDatabaseUnavailable(error)) throw error;
      const message = error instanceof Error ? error.message : String(error);
      const failed = mail.attempts >= MAX_ATTEMPTS || isPermanentRejection(error);
      const nextAttemptAt = new Date(clock().getTime() + retryDelayMs(mail.attempts));
      await settle(mail, claimId, { status: failed ? 'failed' : 'pending', lastError: message.slice(0, 500), nextAttemptAt });
      logger.warn({ mailId: mail.id, attempts: mail.attempts, failed, err: message }, 'mail delivery failed');
      return false;
    } finally {
      release();
    }
  }

  /** Sends what is due now; returns how many were delivered. */
  async function deliverDue(): Promise<number> {
    let delivered = 0;
    while (!stopping) {
      const claimed = await claimOne();
      if (!claimed) return delivered;
      try {
        if (await deliver(claimed.mail, claimed.claimId)) delivered += 1;
      } catch (error) {
        if (!(error instanceof LostClaimError)) throw error;
        logger.warn({ mailId: claimed.mail.id }, 'mail claim was lost before sending');
      }
    }
    return delivered;
  }

  function runOnce(): Promise<number> {
    running ??= deliverDue().finally(() => {
      running = undefined;
    });
    return running;
  }

  function nudge() {
    if (!stopped) void runOnce().then(passSucceeded, passFailed);
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      runOnce().then(passSucceeded, passFailed).finally(schedule);
    }, intervalMs);
    timer.unref();
  }

  return {
    /** Hears of mail queued on any server when its transaction commits (MAIL_QUEUED_CHANNEL); polls for what a lost connection missed. */
    async start() {
      stopped = false;
      unlisten = await database.listen(MAIL_QUEUED_CHANNEL, nudge, nudge);
      schedule();
    },
    /** Stops after the mail in hand is sent. */
    async stop() {
      stopped = true;
      stopping = true;
      clearTimeout(timer);
      await unlisten?.().catch(() => undefined);
      await running?.catch(() => undefined);
    },
    runOnce,
  };
}

export type MailWorker = ReturnType<typeof createMailWorker>;
