/**
 * Everything e-mail to members runs on, for one server: its jobs on the
 * server's one queue (the planning job and the delivery batches, beside media
 * processing), the pooled SMTP transport newsletters go through, the service,
 * the delivery, the welcome mail and the creator's notices of new members; started and stopped with the server (runtime.ts).
 */
import type { Job } from 'pg-boss';
import type { DatabaseHandle } from '../../db/connect.ts';
import type { Clock } from '../clock.ts';
import type { Config } from '../config/index.ts';
import type { Logger } from '../logger.ts';
import { createSmtpTransport, type MailTransport } from '../mail/index.ts';
import type { MediaUrlSigner } from '../media-urls/index.ts';
import type { JobQueue, QueueDefinition } from '../queue/index.ts';
import type { RateLimiter } from '../rate-limits/index.ts';
import { createEmailService, EMAIL_DELIVER_JOB, EMAIL_PLAN_JOB, type EmailJobData } from './newsletters-service.ts';
import { EMAIL_TEST_JOB, type TestEmailJobData } from './test-send.ts';
import { createNewsletterDelivery } from './newsletter-delivery.ts';
import { createRateSlots } from './rate-slots.ts';
import { createWelcomeMail, welcomeJob } from './welcome-mail.ts';
import { createMemberNotices, membersDigestJob } from '../member-notices/index.ts';
import type { RecordActivity } from '../reports/index.ts';

/** Connections newsletters keep open to SMTP_URL and reuse. */
export const SMTP_POOL_CONNECTIONS = 5;

export function emailQueues(config: Config): QueueDefinition[] {
  const retries = { retryLimit: 10, retryDelay: 5, retryBackoff: true, retryDelayMax: 600, deleteAfterSeconds: 7 * 24 * 3600 };
  // The heartbeat, not the expiry, finds a server that died mid-send, so another takes its job.
  return [
    { name: EMAIL_PLAN_JOB, options: { ...retries, expireInSeconds: 3600, heartbeatSeconds: config.media.jobHeartbeatSeconds } },
    { name: EMAIL_DELIVER_JOB, options: { ...retries, expireInSeconds: 6 * 3600, heartbeatSeconds: config.media.jobHeartbeatSeconds } },
    // One message: a few retries over a few minutes, then the creator asks again.
    { name: EMAIL_TEST_JOB, options: { retryLimit: 5, retryDelay: 5, retryBackoff: true, retryDelayMax: 120, deleteAfterSeconds: 24 * 3600, expireInSeconds: 300 } },
  ];
}

export interface EmailModuleDeps {
  config: Config;
  database: DatabaseHandle;
  clock: Clock;
  logger: Logger;
  /** The product's transport: newsletters use it when there is no SMTP_URL to pool (the dev sink). */
  transport: MailTransport;
  /** The server's one job queue, made with emailQueues() among its definitions; the media module starts and stops it. */
  queue: JobQueue;
  mediaUrlSigner: () => Promise<MediaUrlSigner>;
  recordActivity: RecordActivity;
  /** The shared rate limiter: test sends per creator. */
  rateLimiter: Pick<RateLimiter, 'overLimit'>;
}

export function createEmail({ config, database, clock, logger, transport, mediaUrlSigner, queue, recordActivity, rateLimiter }: EmailModuleDeps) {
  const { db } = database;
  const pooled = config.smtpUrl ? createSmtpTransport(config.smtpUrl, config.mailFrom, { maxConnections: SMTP_POOL_CONNECTIONS }) : undefined;
  const bulkTransport = pooled ?? transport;
  const rateSlots = createRateSlots(db, config.emailRatePerSecond);
  const service = createEmailService({
    db,
    clock,
    appUrl: config.appUrl,
    mailFrom: config.mailFrom,
    transport: bulkTransport,
    mediaUrlSigner,
    enqueue: (name, data, { tx, startAfter } = {}) => queue.send(name, data, tx, startAfter ? { startAfter } : {}),
    recordActivity,
    rateLimiter,
    logger,
  });
  const delivery = createNewsletterDelivery({
    db,
    clock,
    logger,
    transport: bulkTransport,
    rateSlots,
    mailFrom: config.mailFrom,
    leaseMs: config.mailLeaseMs,
    retryBaseMs: config.emailRetryBaseMs,
    unsubscribeUrl: async (handle, membershipId) => service.unsubscribeUrl(handle, (await service.unsubscribeTokens()).issue(membershipId)),
  });
  const welcome = createWelcomeMail({
    db,
    appUrl: config.appUrl,
    mailFrom: config.mailFrom,
    transport: bulkTransport,
    logger,
    mediaUrlSigner,
    unsubscribeUrl: async (handle, membershipId) => service.unsubscribeUrl(handle, (await service.unsubscribeTokens()).issue(membershipId)),
  });
  const memberNotices = createMemberNotices({ db, clock });
  let stopping = false;

  async function deliver(job: Job<EmailJobData>) {
    const outcome = await delivery.deliverDue(job.data.sendId, () => stopping);
    // Retries wait for their time: a later job takes them, so no worker sits idle meanwhile.
    if (!outcome.done && !stopping) await queue.send(EMAIL_DELIVER_JOB, job.data, undefined, { startAfter: outcome.nextAt });
  }

  return {
    service,
    delivery,
    welcome,
    /** The creator's notices of new members: settings and the daily digest. */
    memberNotices,
    /** Periodic jobs for the shared scheduler (server/jobs). */
    jobs: [welcomeJob(welcome), membersDigestJob(memberNotices)],
    /** Seconds of the rate table older than a minute, for the clean-up job. */
    forgetOldRateSlots: () => rateSlots.forgetOld(),
    /** Registers the workers; the queue itself is started by the media module (runtime.ts starts media first). */
    async start() {
      stopping = false;
      await queue.work<EmailJobData>(EMAIL_PLAN_JOB, async (job) => {
        await service.plan(job.data.sendId);
      });
      await queue.work<EmailJobData>(EMAIL_DELIVER_JOB, deliver);
      await queue.work<TestEmailJobData>(EMAIL_TEST_JOB, (job) => service.deliverTest(job.data));
    },
    /** Before the queue stops: a pass in hand ends after its batch, and the pool closes once the queue has stopped (closeTransport). */
    stop() {
      stopping = true;
    },
    closeTransport() {
      pooled?.close();
    },
  };
}

export type EmailModule = ReturnType<typeof createEmail>;
