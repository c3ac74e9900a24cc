/**
 * Rate limits of DESIGN.md, kept in the database so they hold across restarts
 * and across every server on one Postgres. Each check is one atomic upsert, so
 * concurrent requests on several servers count exactly.
 * Why not a library: docs/decisions/005-rate-limits-in-postgres.md. The login
 * limits are counted in the login's own statements (login-attempt.ts).
 */
import { lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { rateLimits } from '../../db/schema.ts';
import type { Clock } from '../clock.ts';
import type { RateLimitConfig } from '../config.ts';
import type { ErrorField } from '../../common/error-codes.ts';
import { tooManyRequests } from '../errors.ts';

const HANDLE_CHECKS_PER_MINUTE = 60;

export function createRateLimiter({ db, clock, limits }: { db: Database; clock: Clock; limits: RateLimitConfig }) {
  /** Counts one event in a fixed window; returns the count so far and when the window ends. */
  async function count(key: string, windowSeconds: number): Promise<{ count: number; resetsAt: Date }> {
    const now = clock();
    // Raw SQL fragments take timestamps as text: drizzle maps Date only for typed columns.
    const windowStart = sql`${new Date(now.getTime() - windowSeconds * 1000).toISOString()}::timestamptz`;
    const nowValue = sql`${now.toISOString()}::timestamptz`;
    const [row] = await db
      .insert(rateLimits)
      .values({ key, count: 1, windowStartedAt: now })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`case when ${rateLimits.windowStartedAt} <= ${windowStart} then 1 else ${rateLimits.count} + 1 end`,
          windowStartedAt: sql`case when ${rateLimits.windowStartedAt} <= ${windowStart} then ${nowValue} else ${rateLimits.windowStartedAt} end`,
        },
      })
      .returning({ count: rateLimits.count, windowStartedAt: rateLimits.windowStartedAt });
    return { count: row!.count, resetsAt: new Date(row!.windowStartedAt.getTime() + windowSeconds * 1000) };
  }

  function secondsUntil(date: Date): number {
    return (date.getTime() - clock().getTime()) / 1000;
  }

  /** Throws 429 once `key` has been counted more than `limit` times in the window. */
  async function consume(key: string, limit: number, windowSeconds: number, field?: ErrorField): Promise<void> {
    const { count: used, resetsAt } = await count(key, windowSeconds);
    if (used > limit) throw tooManyRequests(secondsUntil(resetsAt), field);
  }

  async function consumeSignup(ip: string): Promise<void> {
    await consume(`signup-ip:${ip}`, limits.signupsPerIp, limits.signupsWindowSeconds, 'email');
  }

  const DAY_SECONDS = 24 * 3600;

  /**
   * One verification or reset mail per address per window, and at most a day's cap,
   * whether or not the address has an account: nobody can fill a stranger's inbox.
   */
  async function consumeMailToAddress(email: string): Promise<void> {
    await consume(`mail:${email}`, 1, limits.mailWindowSeconds, 'email');
    await consume(`mail-day:${email}`, limits.mailsPerAddressPerDay, DAY_SECONDS, 'email');
  }

  /** Counts a mail that went out without asking (the sign-up mail), so an immediate re-send waits and the day's cap counts it. */
  async function noteMailToAddress(email: string): Promise<void> {
    await count(`mail:${email}`, limits.mailWindowSeconds);
    await count(`mail-day:${email}`, DAY_SECONDS);
  }

  /** Reset requests, per client address and per e-mail. */
  async function consumeResetRequest(email: string, ip: string): Promise<void> {
    await consume(`reset-request-ip:${ip}`, limits.resetAttemptsPerIp, limits.resetWindowSeconds, 'email');
    await consume(`reset-request:${email}`, limits.resetAttemptsPerEmail, limits.resetWindowSeconds, 'email');
  }

  /** Reset confirms per client address, counted before the token is even looked at. */
  async function consumeResetConfirm(ip: string): Promise<void> {
    await consume(`reset-confirm-ip:${ip}`, limits.resetAttemptsPerIp, limits.resetWindowSeconds, 'token');
  }

  /** Reset confirms per account, once a valid token has named it. */
  async function consumeResetConfirmForEmail(email: string): Promise<void> {
    await consume(`reset-confirm:${email}`, limits.resetAttemptsPerEmail, limits.resetWindowSeconds, 'token');
  }

  /** The studio's live handle check, per creator: far above a typist's pace (it is debounced), well below a scraper's. */
  async function consumeHandleCheck(userId: string): Promise<void> {
    await consume(`handle-check:${userId}`, HANDLE_CHECKS_PER_MINUTE, 60);
  }

  /** Drops windows that ended long ago, so the table stays small. */
  async function pruneExpired(olderThanSeconds = 24 * 3600): Promise<void> {
    await db.delete(rateLimits).where(lt(rateLimits.windowStartedAt, new Date(clock().getTime() - olderThanSeconds * 1000)));
  }

  return {
    consumeSignup,
    consumeMailToAddress,
    noteMailToAddress,
    consumeResetRequest,
    consumeResetConfirm,
    consumeResetConfirmForEmail,
    consumeHandleCheck,
    pruneExpired,
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
