/**
 * Rate limits of DESIGN.md, kept in the database so they hold across restarts
 * and across every server on one Postgres. Each check is one atomic upsert, so
 * concurrent requests on several servers count exactly.
 * Why not a library: docs/decisions/005-rate-limits-in-postgres.md. The login
 * limits are counted in the login's own statements (server/auth/login-attempt.ts).
 * A room of its own (docs/decisions/135): sign-up, messages, comments, newsletters,
 * support and domains count here, and none of them should reach it through auth.
 */
import { lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { timestampParameter } from '../../db/placeholders.ts';
import { rateLimits } from '../../db/schema.ts';
import type { Clock } from '../clock.ts';
import type { RateLimitConfig } from '../config/index.ts';
import type { ErrorField } from '../../common/error-codes.ts';
import { tooManyRequests } from '../errors.ts';

const HANDLE_CHECKS_PER_MINUTE = 60;
const SUPPORT_MESSAGES_PER_HOUR = 3;
/** "Check now" on /domain: plenty while DNS propagates, not a way to make the server query DNS without end. */
const DOMAIN_CHECKS_PER_TEN_MINUTES = 30;
const SUPPORT_MESSAGES_PER_DAY = 10;

export function createRateLimiter({ db, clock, limits }: { db: Database; clock: Clock; limits: RateLimitConfig }) {
  /**
   * The upsert that counts one event for `rateKey` in a fixed window, returning the count so far and when the window began.
   * Its values are placeholders (`countParameters` fills them): it is prepared once, on its own below and inside a
   * caller's larger statement (a message counted in the statement that stores it).
   */
  function countStatement() {
    const windowStart = timestampParameter('rateWindowStart');
    const now = timestampParameter('rateNow');
    return db
      .insert(rateLimits)
      .values({ key: sql.placeholder('rateKey'), count: 1, windowStartedAt: now })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`case when ${rateLimits.windowStartedAt} <= ${windowStart} then 1 else ${rateLimits.count} + 1 end`,
          windowStartedAt: sql`case when ${rateLimits.windowStartedAt} <= ${windowStart} then ${now} else ${rateLimits.windowStartedAt} end`,
        },
      })
      .returning({ count: rateLimits.count, windowStartedAt: rateLimits.windowStartedAt });
  }
  const counting = countStatement().prepare('rate_limit_count');

  /** The values of countStatement's placeholders for one event of `key` now. */
  function countParameters(key: string, windowSeconds: number) {
    const now = clock();
    return { rateKey: key, rateWindowStart: new Date(now.getTime() - windowSeconds * 1000).toISOString(), rateNow: now.toISOString() };
  }

  /** Counts one event in a fixed window; returns the count so far and when the window ends. */
  async function count(key: string, windowSeconds: number): Promise<{ count: number; resetsAt: Date }> {
    const [row] = await counting.execute(countParameters(key, windowSeconds));
    return { count: row!.count, resetsAt: new Date(row!.windowStartedAt.getTime() + windowSeconds * 1000) };
  }

  function secondsUntil(date: Date): number {
    return (date.getTime() - clock().getTime()) / 1000;
  }

  /** The seconds to wait once `used` passed `limit` in a window that began at `windowStartedAt`, else undefined. */
  function waitAfter(used: number, windowStartedAt: Date, limit: number, windowSeconds: number): number | undefined {
    return used > limit ? Math.max(1, Math.ceil(secondsUntil(new Date(windowStartedAt.getTime() + windowSeconds * 1000)))) : undefined;
  }

  /** Counts one event; the seconds to wait once `key` has been counted more than `limit` times in the window, else undefined. */
  async function overLimit(key: string, limit: number, windowSeconds: number): Promise<number | undefined> {
    const [row] = await counting.execute(countParameters(key, windowSeconds));
    return waitAfter(row!.count, row!.windowStartedAt, limit, windowSeconds);
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

  /** A signed-in account's own password checks (changing the password or the e-mail, deleting the account), as many as reset confirms. */
  async function consumePasswordCheck(userId: string, field: ErrorField): Promise<void> {
    await consume(`password-check:${userId}`, limits.resetAttemptsPerEmail, limits.resetWindowSeconds, field);
  }

  /** The studio's live handle check, per creator: far above a typist's pace (it is debounced), well below a scraper's. */
  async function consumeHandleCheck(userId: string): Promise<void> {
    await consume(`handle-check:${userId}`, HANDLE_CHECKS_PER_MINUTE, 60);
  }

  /** /support's contact form, per account: a few a day reach the operator, a script's thousand do not. */
  async function consumeSupportMessage(userId: string): Promise<void> {
    await consume(`support:${userId}`, SUPPORT_MESSAGES_PER_HOUR, 3600, 'message');
    await consume(`support-day:${userId}`, SUPPORT_MESSAGES_PER_DAY, DAY_SECONDS, 'message');
  }

  /** A one-time Checkout anyone may open (a tip), per client address: a script cannot fill a creator's Stripe account with sessions. */
  async function consumePublicCheckout(ip: string): Promise<void> {
    await consume(`checkout-ip:${ip}`, limits.checkoutsPerIpPerHour, 3600, 'amount');
  }

  /** Seconds until `userId` may press "Check now" again, or undefined while they may. */
  async function domainCheckWait(userId: string): Promise<number | undefined> {
    return overLimit(`domain-check:${userId}`, DOMAIN_CHECKS_PER_TEN_MINUTES, 600);
  }

  /** Drops windows that ended long ago, so the table stays small. */
  async function pruneExpired(olderThanSeconds = 24 * 3600): Promise<void> {
    await db.delete(rateLimits).where(lt(rateLimits.windowStartedAt, new Date(clock().getTime() - olderThanSeconds * 1000)));
  }

  return {
    countStatement,
    countParameters,
    waitAfter,
    overLimit,
    consumeSignup,
    consumeMailToAddress,
    noteMailToAddress,
    consumeResetRequest,
    consumeResetConfirm,
    consumeResetConfirmForEmail,
    consumePasswordCheck,
    consumeHandleCheck,
    consumeSupportMessage,
    consumePublicCheckout,
    domainCheckWait,
    pruneExpired,
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
