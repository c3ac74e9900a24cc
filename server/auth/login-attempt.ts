/**
 * A login's database work in two statements (bench row 3: every statement is a
 * round trip and a parse on 2 shared cores):
 *
 * - `beginLoginAttempt`: one statement counts the attempt against the address
 *   and against the (e-mail, address) pair, reads the pair's back-off and looks
 *   up the account. The attempt is counted as a failure up front, atomically,
 *   and refunded on success: checked first and counted after, a burst of
 *   concurrent guesses would all pass the check before any of them was counted.
 * - `recordLoginSuccess`: one statement refunds the address, ends the pair's
 *   back-off, stamps last_login, writes the audit row and inserts the session:
 *   one commit for every write of a sign-in.
 *
 * The limits are DESIGN.md's (docs/decisions/005-rate-limits-in-postgres.md).
 */
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { authEvents, rateLimits, sessions, users } from '../../db/schema.ts';
import type { Clock } from '../clock.ts';
import type { RateLimitConfig } from '../config.ts';
import { tooManyRequests } from '../errors.ts';
import { authEventRow, type RequestContext } from './audit.ts';
import type { NewSession, SessionService, UserRow } from './session.ts';

type LoginLimits = Pick<RateLimitConfig, 'loginFailuresPerIp' | 'loginFailuresWindowSeconds' | 'loginFreeFailures' | 'loginMaxBackoffSeconds'>;

export const loginKey = (email: string, ip: string) => `login:${email}:${ip}`;
export const loginIpKey = (ip: string) => `login-ip:${ip}`;

/** Raw SQL fragments take timestamps as text: drizzle maps Date only for typed columns. */
const timestamp = (date: Date) => sql`${date.toISOString()}::timestamptz`;

export function createLoginAttempts({ db, clock, limits, sessions: sessionService }: { db: Database; clock: Clock; limits: LoginLimits; sessions: SessionService }) {
  const secondsUntil = (date: Date) => (date.getTime() - clock().getTime()) / 1000;

  /** Counts the attempt (or refuses it with 429) and returns the account of `email`, if any. */
  async function beginLoginAttempt(email: string, ip: string): Promise<UserRow | undefined> {
    const now = clock();
    const nowValue = timestamp(now);
    const addressWindowStart = timestamp(new Date(now.getTime() - limits.loginFailuresWindowSeconds * 1000));
    const pairWindowStart = timestamp(new Date(now.getTime() - limits.loginMaxBackoffSeconds * 4000));
    const pairKey = loginKey(email, ip);
    // From the last free failure on, the pair backs off 1 s, 2 s, 4 s ... up to the cap; the exponent is
    // capped before power(), which would overflow long before the count does.
    const pairCount = sql`(case when ${rateLimits.windowStartedAt} <= ${pairWindowStart} then 1 else ${rateLimits.count} + 1 end)`;
    const backoffSeconds = sql`least(power(2, least(${pairCount} - ${limits.loginFreeFailures}, 30)), ${limits.loginMaxBackoffSeconds})`;
    const firstBlock = limits.loginFreeFailures <= 1 ? timestamp(new Date(now.getTime() + 1000)) : sql`null::timestamptz`;

    const address = db.$with('address').as(
      db
        .insert(rateLimits)
        .values({ key: loginIpKey(ip), count: 1, windowStartedAt: now })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            count: sql`case when ${rateLimits.windowStartedAt} <= ${addressWindowStart} then 1 else ${rateLimits.count} + 1 end`,
            windowStartedAt: sql`case when ${rateLimits.windowStartedAt} <= ${addressWindowStart} then ${nowValue} else ${rateLimits.windowStartedAt} end`,
          },
        })
        .returning({ count: rateLimits.count, windowStartedAt: rateLimits.windowStartedAt }),
    );
    // The pair is counted only when the address is within its limit, and not while it is backed off.
    const pair = db.$with('pair', { counted: sql<number>`counted`.as('counted') }).as(sql`
      insert into ${rateLimits} (${sql.identifier(rateLimits.key.name)}, ${sql.identifier(rateLimits.count.name)}, ${sql.identifier(rateLimits.windowStartedAt.name)}, ${sql.identifier(rateLimits.blockedUntil.name)})
      select ${pairKey}, 1, ${nowValue}, ${firstBlock} from ${address} where ${address.count} <= ${limits.loginFailuresPerIp}
      on conflict (${sql.identifier(rateLimits.key.name)}) do update set
        ${sql.identifier(rateLimits.count.name)} = ${pairCount},
        ${sql.identifier(rateLimits.windowStartedAt.name)} = case when ${rateLimits.windowStartedAt} <= ${pairWindowStart} then ${nowValue} else ${rateLimits.windowStartedAt} end,
        ${sql.identifier(rateLimits.blockedUntil.name)} = case when ${pairCount} >= ${limits.loginFreeFailures} then ${nowValue} + ${backoffSeconds} * interval '1 second' else null end
      where ${rateLimits.blockedUntil} is null or ${rateLimits.blockedUntil} <= ${nowValue}
      returning 1 as counted`);
    // Reads the pair's row as it was before this statement: the back-off that refused the attempt.
    const [row] = await db
      .with(address, pair)
      .select({
        addressCount: address.count,
        addressWindowStartedAt: address.windowStartedAt,
        pairCounted: sql<boolean>`exists (select 1 from ${pair})`,
        pairBlockedUntil: sql<Date | null>`(select ${rateLimits.blockedUntil} from ${rateLimits} where ${rateLimits.key} = ${pairKey})`.mapWith(rateLimits.blockedUntil),
        user: users,
      })
      .from(address)
      .leftJoin(users, eq(users.email, email));
    const result = row!;
    if (result.addressCount > limits.loginFailuresPerIp) {
      throw tooManyRequests(secondsUntil(new Date(result.addressWindowStartedAt.getTime() + limits.loginFailuresWindowSeconds * 1000)), 'password');
    }
    if (!result.pairCounted) {
      // Refused before any password check: not a failure of this address.
      await refundAddress(ip);
      throw tooManyRequests(secondsUntil(result.pairBlockedUntil ?? now), 'password');
    }
    return result.user ?? undefined;
  }

  async function refundAddress(ip: string): Promise<void> {
    await db
      .update(rateLimits)
      .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
      .where(eq(rateLimits.key, loginIpKey(ip)));
  }

  /**
   * After a right password: the attempt was no failure, this e-mail's back-off
   * on this address ends, and the user is signed in, all in one statement.
   */
  async function recordLoginSuccess(user: UserRow, context: RequestContext): Promise<{ session: NewSession; lastLogin: Date }> {
    const now = clock();
    const { session, row: sessionRow } = sessionService.newSession(user.id, context.userAgent, now);
    const clearPair = db.$with('clear_pair').as(
      db.delete(rateLimits).where(eq(rateLimits.key, loginKey(user.email, context.ip))).returning({ key: rateLimits.key }),
    );
    const refund = db.$with('refund').as(
      db
        .update(rateLimits)
        .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
        .where(eq(rateLimits.key, loginIpKey(context.ip)))
        .returning({ key: rateLimits.key }),
    );
    const stamp = db.$with('stamp').as(db.update(users).set({ lastLogin: now }).where(eq(users.id, user.id)).returning({ id: users.id }));
    const audit = db.$with('audit').as(
      db.insert(authEvents).values(authEventRow(context, { type: 'login-succeeded', userId: user.id, email: user.email })).returning({ id: authEvents.id }),
    );
    await db.with(clearPair, refund, stamp, audit).insert(sessions).values(sessionRow);
    return { session, lastLogin: now };
  }

  return { beginLoginAttempt, recordLoginSuccess };
}

export type LoginAttempts = ReturnType<typeof createLoginAttempts>;
