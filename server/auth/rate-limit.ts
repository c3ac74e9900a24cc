/**
 * Rate limits of DESIGN.md, kept in the database so they hold across restarts
 * and across every server on one Postgres. Each check is one atomic upsert, so
 * concurrent requests on several servers count exactly.
 * Why not a library: docs/decisions/005-rate-limits-in-postgres.md.
 */
import { eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { rateLimits } from '../../db/schema.ts';
import type { Clock } from '../clock.ts';
import type { RateLimitConfig } from '../config.ts';
import type { ErrorField } from '../../common/error-codes.ts';
import { tooManyRequests } from '../errors.ts';

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

  async function peek(key: string): Promise<typeof rateLimits.$inferSelect | undefined> {
    const [row] = await db.select().from(rateLimits).where(eq(rateLimits.key, key));
    return row;
  }

  function secondsUntil(date: Date): number {
    return (date.getTime() - clock().getTime()) / 1000;
  }

  /** Throws 429 once `key` has been counted more than `limit` times in the window. */
  async function consume(key: string, limit: number, windowSeconds: number, field?: ErrorField): Promise<void> {
    const { count: used, resetsAt } = await count(key, windowSeconds);
    if (used > limit) throw tooManyRequests(secondsUntil(resetsAt), field);
  }

  const loginKey = (email: string, ip: string) => `login:${email}:${ip}`;
  const loginIpKey = (ip: string) => `login-ip:${ip}`;

  /**
   * Before a login's password check. The attempt is counted as a failure up
   * front, one atomic statement per key, and refunded by recordLoginSuccess:
   * checked first and counted after, a burst of concurrent guesses would all
   * pass the check before any of them was counted.
   */
  async function beginLoginAttempt(email: string, ip: string): Promise<void> {
    const address = await count(loginIpKey(ip), limits.loginFailuresWindowSeconds);
    if (address.count > limits.loginFailuresPerIp) throw tooManyRequests(secondsUntil(address.resetsAt), 'password');
    const blockedUntil = await countUnlessBlocked(loginKey(email, ip));
    if (blockedUntil) {
      // Refused before any password check: not a failure of this address.
      await refundAddress(db, ip);
      throw tooManyRequests(secondsUntil(blockedUntil), 'password');
    }
  }

  /**
   * Counts an attempt of one e-mail from one address unless it is backed off,
   * and sets the back-off the count calls for in the same statement: from the
   * last free failure on, 1 s, 2 s, 4 s ... up to the cap. Returns the back-off
   * end when the attempt is refused.
   */
  async function countUnlessBlocked(key: string): Promise<Date | undefined> {
    const now = clock();
    const nowValue = sql`${now.toISOString()}::timestamptz`;
    const windowStart = sql`${new Date(now.getTime() - limits.loginMaxBackoffSeconds * 4000).toISOString()}::timestamptz`;
    const newCount = sql`(case when ${rateLimits.windowStartedAt} <= ${windowStart} then 1 else ${rateLimits.count} + 1 end)`;
    // The exponent is capped before power(), which would overflow long before the count does.
    const backoffSeconds = sql`least(power(2, least(${newCount} - ${limits.loginFreeFailures}, 30)), ${limits.loginMaxBackoffSeconds})`;
    const firstBlock = limits.loginFreeFailures <= 1 ? new Date(now.getTime() + 1000) : null;
    const [counted] = await db
      .insert(rateLimits)
      .values({ key, count: 1, windowStartedAt: now, blockedUntil: firstBlock })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: newCount,
          windowStartedAt: sql`case when ${rateLimits.windowStartedAt} <= ${windowStart} then ${nowValue} else ${rateLimits.windowStartedAt} end`,
          blockedUntil: sql`case when ${newCount} >= ${limits.loginFreeFailures} then ${nowValue} + ${backoffSeconds} * interval '1 second' else null end`,
        },
        setWhere: sql`${rateLimits.blockedUntil} is null or ${rateLimits.blockedUntil} <= ${nowValue}`,
      })
      .returning({ count: rateLimits.count });
    if (counted) return undefined;
    // A success may have cleared the row since: refuse this once anyway, for the shortest wait.
    return (await peek(key))?.blockedUntil ?? now;
  }

  async function refundAddress(executor: Database, ip: string): Promise<void> {
    await executor
      .update(rateLimits)
      .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
      .where(eq(rateLimits.key, loginIpKey(ip)));
  }

  /** After a right password: the attempt was no failure, and this e-mail's back-off on this address ends. */
  async function recordLoginSuccess(email: string, ip: string, executor: Database = db): Promise<void> {
    await executor.delete(rateLimits).where(eq(rateLimits.key, loginKey(email, ip)));
    await refundAddress(executor, ip);
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

  /** Drops windows that ended long ago, so the table stays small. */
  async function pruneExpired(olderThanSeconds = 24 * 3600): Promise<void> {
    await db.delete(rateLimits).where(lt(rateLimits.windowStartedAt, new Date(clock().getTime() - olderThanSeconds * 1000)));
  }

  return {
    beginLoginAttempt,
    recordLoginSuccess,
    consumeSignup,
    consumeMailToAddress,
    noteMailToAddress,
    consumeResetRequest,
    consumeResetConfirm,
    consumeResetConfirmForEmail,
    pruneExpired,
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
