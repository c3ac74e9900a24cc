/**
 * Sessions after the Lucia guide: a random token in an HttpOnly cookie, only its
 * SHA-256 in the database, 30 days that renew when less than half remains, and
 * an end 90 days after sign-in however active the session is.
 */
import { eq, sql } from 'drizzle-orm';
import { SESSION_ABSOLUTE_LIFETIME_MS, SESSION_LAST_USED_PRECISION_MS, SESSION_TTL_MS } from '../../common/constants.ts';
import type { Database } from '../../db/connect.ts';
import { sessions, users } from '../../db/schema.ts';
import type { Clock } from '../clock.ts';
import { generateSecretToken, hashToken } from './tokens.ts';

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

export interface ValidatedSession {
  session: SessionRow;
  user: UserRow;
  /** The expiry moved forward, so the browser's cookie needs the new one. */
  renewed: boolean;
}

export interface NewSession {
  token: string;
  expiresAt: Date;
}

/**
 * Where a session is valid (DESIGN.md "Sessions on custom domains"): null for the platform origin;
 * a custom domain's hostname and its site for a session opened there, which that domain alone accepts.
 * A creator controls their domain's DNS, so whatever cookie reaches it may reach them: such a cookie
 * must open nothing but that site's member pages on that domain.
 */
export type SessionScope = { hostname: string; siteId: string } | null;

export const PLATFORM_SCOPE: SessionScope = null;

function inScope(session: SessionRow, scope: SessionScope): boolean {
  if (scope === null) return session.hostname === null;
  return session.hostname === scope.hostname && session.siteId === scope.siteId;
}

export function createSessionService({ db, clock }: { db: Database; clock: Clock }) {
  // Every signed-in page load runs this lookup: prepared once, one round trip.
  const lookup = db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(sessions.userId, users.id))
    .where(eq(sessions.id, sql.placeholder('id')))
    .prepare('session_lookup');

  /** A new session's row and the token that opens it, for a caller that writes it with the rest of a sign-in. */
  function newSession(userId: string, userAgent: string, now: Date = clock(), scope: SessionScope = PLATFORM_SCOPE): { session: NewSession; row: typeof sessions.$inferInsert } {
    const token = generateSecretToken();
    const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
    const row = { id: hashToken(token), userId, expiresAt, createdAt: now, lastUsedAt: now, userAgent: userAgent.slice(0, 300), hostname: scope?.hostname ?? null, siteId: scope?.siteId ?? null };
    return { session: { token, expiresAt }, row };
  }

  /** `executor` lets a caller make the session part of its own transaction. */
  async function createSession(userId: string, userAgent: string, executor: Database = db, scope: SessionScope = PLATFORM_SCOPE): Promise<NewSession> {
    const { session, row } = newSession(userId, userAgent, clock(), scope);
    await executor.insert(sessions).values(row);
    return session;
  }

  /** The session and its user, or null for an unknown, expired, too old or disabled one, or one opened for another place than `scope`. */
  async function validateSessionToken(token: string, scope: SessionScope): Promise<ValidatedSession | null> {
    const id = hashToken(token);
    const [row] = await lookup.execute({ id });
    // Out of its place the session is simply not there: it is neither renewed nor deleted, since its own place may still use it.
    if (!row || !inScope(row.session, scope)) return null;
    const now = clock().getTime();
    const endsAt = row.session.createdAt.getTime() + SESSION_ABSOLUTE_LIFETIME_MS;
    if (row.session.expiresAt.getTime() <= now || endsAt <= now) {
      await db.delete(sessions).where(eq(sessions.id, id));
      return null;
    }
    if (row.user.suspensionInfo.suspended) return null;
    const renew = row.session.expiresAt.getTime() - now < SESSION_TTL_MS / 2 && row.session.expiresAt.getTime() < endsAt;
    // last_used_at is written at most once an hour: true to within that, without a write per request.
    const touch = now - row.session.lastUsedAt.getTime() >= SESSION_LAST_USED_PRECISION_MS;
    if (!renew && !touch) return { ...row, renewed: false };
    const expiresAt = renew ? new Date(Math.min(now + SESSION_TTL_MS, endsAt)) : row.session.expiresAt;
    const lastUsedAt = new Date(now);
    await db.update(sessions).set({ expiresAt, lastUsedAt }).where(eq(sessions.id, id));
    return { session: { ...row.session, expiresAt, lastUsedAt }, user: row.user, renewed: renew };
  }

  async function invalidateSession(token: string): Promise<void> {
    await db.delete(sessions).where(eq(sessions.id, hashToken(token)));
  }

  async function invalidateUserSessions(userId: string): Promise<number> {
    const deleted = await db.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
    return deleted.length;
  }

  return { newSession, createSession, validateSessionToken, invalidateSession, invalidateUserSessions };
}

export type SessionService = ReturnType<typeof createSessionService>;
