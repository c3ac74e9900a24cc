/**
 * A login's database work in two statements, each prepared once (bench row 3:
 * every statement is a round trip, a parse and a plan on 2 shared cores):
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
 * The limits are DESIGN.md's (docs/decisions/005-rate-limits-in-postgres.md);
 * why two statements: docs/decisions/018-login-in-two-statements.md.
 */
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { timestampParameter } from '../../db/placeholders.ts';
import { authEvents, rateLimits, sessions, users } from '../../db/schema.ts';
import type { Clock } from '../clock.ts';
import type { RateLimitConfig } from '../config/index.ts';
import { tooManyRequests } from '../errors.ts';
import type { RequestContext } from './audit.ts';
import type { NewSession, SessionService, UserRow } from './session.ts';

type LoginLimits = Pick<RateLimitConfig, 'loginFailuresPerIp' | 'loginFailuresWindowSeconds' | 'loginFreeFailures' | 'loginMaxBackoffSeconds'>;

export const loginKey = (email: string, ip: string) => `login:${email}:${ip}`;
export const loginIpKey = (ip: string) => `login-ip:${ip}`;

export function createLoginAttempts({ db, clock, limits, sessions: sessionService }: { db: Database; clock: Clock; limits: LoginLimits; sessions: SessionService }) {
  const secondsUntil = (date: Date) => (date.getTime() - clock().getTime()) / 1000;
  const beginStatement = prepareBegin(db, limits);
  const successStatement = prepareSuccess(db);

  /** Counts the attempt (or refuses it with 429) and returns the account of `email`, if any. */
  async function beginLoginAttempt(email: string, ip: string): Promise<UserRow | undefined> {
    const now = clock();
    const [row] = await beginStatement.execute({
      email,
      addressKey: loginIpKey(ip),
      pairKey: loginKey(email, ip),
      now: now.toISOString(),
      addressWindowStart: new Date(now.getTime() - limits.loginFailuresWindowSeconds * 1000).toISOString(),
      pairWindowStart: new Date(now.getTime() - limits.loginMaxBackoffSeconds * 4000).toISOString(),
    });
    const result = row!;
    if (result.addressCount > limits.loginFailuresPerIp) {
      throw tooManyRequests(secondsUntil(new Date(result.addressWindowStartedAt.getTime() + limits.loginFailuresWindowSeconds * 1000)), 'password');
    }
    if (!result.pairCounted) {
      // Refused before any password check: not a failure of this address.
      await db
        .update(rateLimits)
        .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
        .where(eq(rateLimits.key, loginIpKey(ip)));
      // A success may have cleared the row since: refused once anyway, for the shortest wait.
      throw tooManyRequests(secondsUntil(result.pairBlockedUntil ?? now), 'password');
    }
    return result.user ?? undefined;
  }

  /** After a right password: the attempt was no failure, this e-mail's back-off on this address ends, and the user is signed in. */
  async function recordLoginSuccess(user: UserRow, context: RequestContext): Promise<{ session: NewSession; lastLogin: Date }> {
    const now = clock();
    const { session, row } = sessionService.newSession(user.id, context.userAgent, now);
    await successStatement.execute({
      pairKey: loginKey(user.email, context.ip),
      addressKey: loginIpKey(context.ip),
      userId: user.id,
      email: user.email,
      ip: context.ip,
      userAgent: row.userAgent,
      sessionId: row.id,
      now: now.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
    });
    return { session, lastLogin: now };
  }

  return { beginLoginAttempt, recordLoginSuccess };
}

function prepareBegin(db: Database, limits: LoginLimits) {
  const now = timestampParameter('now');
  const addressWindowStart = timestampParameter('addressWindowStart');
  const pairWindowStart = timestampParameter('pairWindowStart');
  const column = (name: string) => sql.identifier(name);
  // From the last free failure on, the pair backs off 1 s, 2 s, 4 s ... up to the cap; the exponent is
  // capped before power(), which would overflow long before the count does.
  const pairCount = sql`(case when ${rateLimits.windowStartedAt} <= ${pairWindowStart} then 1 else ${rateLimits.count} + 1 end)`;
  const backoffSeconds = sql`least(power(2, least(${pairCount} - ${limits.loginFreeFailures}, 30)), ${limits.loginMaxBackoffSeconds})`;
  const firstBlock = limits.loginFreeFailures <= 1 ? sql`${now} + interval '1 second'` : sql`null::timestamptz`;

  const address = db.$with('address').as(
    db
      .insert(rateLimits)
      .values({ key: sql.placeholder('addressKey'), count: 1, windowStartedAt: now })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`case when ${rateLimits.windowStartedAt} <= ${addressWindowStart} then 1 else ${rateLimits.count} + 1 end`,
          windowStartedAt: sql`case when ${rateLimits.windowStartedAt} <= ${addressWindowStart} then ${now} else ${rateLimits.windowStartedAt} end`,
        },
      })
      .returning({ count: rateLimits.count, windowStartedAt: rateLimits.windowStartedAt }),
  );
  // The pair is counted only while the address is within its limit, and not while it is backed off.
  const pair = db.$with('pair', { counted: sql<number>`counted`.as('counted') }).as(sql`
    insert into ${rateLimits} (${column(rateLimits.key.name)}, ${column(rateLimits.count.name)}, ${column(rateLimits.windowStartedAt.name)}, ${column(rateLimits.blockedUntil.name)})
    select ${sql.placeholder('pairKey')}, 1, ${now}, ${firstBlock} from ${address} where ${address.count} <= ${limits.loginFailuresPerIp}
    on conflict (${column(rateLimits.key.name)}) do update set
      ${column(rateLimits.count.name)} = ${pairCount},
      ${column(rateLimits.windowStartedAt.name)} = case when ${rateLimits.windowStartedAt} <= ${pairWindowStart} then ${now} else ${rateLimits.windowStartedAt} end,
      ${column(rateLimits.blockedUntil.name)} = case when ${pairCount} >= ${limits.loginFreeFailures} then ${now} + ${backoffSeconds} * interval '1 second' else null end
    where ${rateLimits.blockedUntil} is null or ${rateLimits.blockedUntil} <= ${now}
    returning 1 as counted`);
  return db
    .with(address, pair)
    .select({
      addressCount: address.count,
      addressWindowStartedAt: address.windowStartedAt,
      pairCounted: sql<boolean>`exists (select 1 from ${pair})`,
      // The pair's row as it was before this statement: the back-off that refused the attempt.
      pairBlockedUntil: sql<Date | null>`(select ${rateLimits.blockedUntil} from ${rateLimits} where ${rateLimits.key} = ${sql.placeholder('pairKey')})`.mapWith(rateLimits.blockedUntil),
      user: users,
    })
    .from(address)
    .leftJoin(users, eq(users.email, sql.placeholder('email')))
    .prepare('login_begin');
}

function prepareSuccess(db: Database) {
  const now = timestampParameter('now');
  const clearPair = db.$with('clear_pair').as(
    db.delete(rateLimits).where(eq(rateLimits.key, sql.placeholder('pairKey'))).returning({ key: rateLimits.key }),
  );
  const refund = db.$with('refund').as(
    db
      .update(rateLimits)
      .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
      .where(eq(rateLimits.key, sql.placeholder('addressKey')))
      .returning({ key: rateLimits.key }),
  );
  const stamp = db.$with('stamp').as(db.update(users).set({ lastLogin: now }).where(eq(users.id, sql.placeholder('userId'))).returning({ id: users.id }));
  const audit = db.$with('audit').as(
    db
      .insert(authEvents)
      .values({ type: 'login-succeeded', userId: sql.placeholder('userId'), email: sql.placeholder('email'), ip: sql.placeholder('ip'), userAgent: sql.placeholder('userAgent') })
      .returning({ id: authEvents.id }),
  );
  return db
    .with(clearPair, refund, stamp, audit)
    .insert(sessions)
    .values({
      id: sql.placeholder('sessionId'),
      userId: sql.placeholder('userId'),
      expiresAt: timestampParameter('expiresAt'),
      createdAt: now,
      lastUsedAt: now,
      userAgent: sql.placeholder('userAgent'),
    })
    .prepare('login_success');
}

export type LoginAttempts = ReturnType<typeof createLoginAttempts>;
