/**
 * Deletes what has served its purpose, so no table grows forever and personal
 * data (addresses, user agents) is kept only as long as configured: expired
 * sessions, used or expired e-mail tokens, old rate-limit windows, settled mail
 * and old auth events. Pending mail is never touched.
 */
import { and, inArray, isNotNull, lt, or } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { authEvents, emailTokens, mailOutbox, sessions } from '../../db/schema.ts';
import type { Clock } from '../clock.ts';
import type { RetentionConfig } from '../config/index.ts';

const DAY_MS = 24 * 3600_000;

/**
 * What the clean-up asks of the rate limiter (server/rate-limits/rate-limit.ts): to forget windows older
 * than so many seconds. Named here so jobs/ imports no feature; the rate limiter fits it as it is.
 */
export interface ExpiringWindows {
  pruneExpired(olderThanSeconds: number): Promise<void>;
}

/** A feature's own clean-up, run in the same turn: it answers how many things it removed. */
export type FeatureCleanup = () => Promise<number>;

export interface CleanupDeps {
  db: Database;
  clock: Clock;
  retention: RetentionConfig;
  rateLimiter: ExpiringWindows;
  /** By name, such as `expiredUploads`; each count joins the job's result. */
  featureCleanups?: Record<string, FeatureCleanup>;
}

export function createCleanup({ db, clock, retention, rateLimiter, featureCleanups = {} }: CleanupDeps) {
  return async function cleanUp() {
    const now = clock();
    const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);
    const tokensBefore = daysAgo(retention.emailTokensDays);
    const expiredSessions = await db.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ id: sessions.id });
    const tokens = await db
      .delete(emailTokens)
      .where(or(and(isNotNull(emailTokens.usedAt), lt(emailTokens.usedAt, tokensBefore)), lt(emailTokens.expiresAt, tokensBefore)))
      .returning({ id: emailTokens.id });
    const mail = await db
      .delete(mailOutbox)
      .where(and(inArray(mailOutbox.status, ['sent', 'failed', 'cancelled']), lt(mailOutbox.createdAt, daysAgo(retention.mailDays))))
      .returning({ id: mailOutbox.id });
    const events = await db.delete(authEvents).where(lt(authEvents.createdAt, daysAgo(retention.authEventsDays))).returning({ id: authEvents.id });
    await rateLimiter.pruneExpired(retention.rateLimitsDays * 24 * 3600);
    const features: Record<string, number> = {};
    for (const [name, cleanUpFeature] of Object.entries(featureCleanups)) features[name] = await cleanUpFeature();
    return { sessions: expiredSessions.length, emailTokens: tokens.length, mail: mail.length, authEvents: events.length, ...features };
  };
}
