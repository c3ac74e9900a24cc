/**
 * Sessions after the Lucia guide: a random token in an HttpOnly cookie, only its
 * SHA-256 in the database, 30 days that renew when less than half remains.
 */
import { eq, sql } from 'drizzle-orm';
import { SESSION_TTL_MS } from '../../common/constants.ts';
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

export function createSessionService({ db, clock }: { db: Database; clock: Clock }) {
  // Every signed-in page load runs this lookup: prepared once, one round trip.
  const lookup = db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(sessions.userId, users.id))
    .where(eq(sessions.id, sql.placeholder('id')))
    .prepare('session_lookup');

  /** `executor` lets a caller make the session part of its own transaction. */
  async function createSession(userId: string, userAgent: string, executor: Database = db): Promise<NewSession> {
    const token = generateSecretToken();
    const now = clock();
    const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
    await executor.insert(sessions).values({
      id: hashToken(token),
      userId,
      expiresAt,
      createdAt: now,
      lastUsedAt: now,
      userAgent: userAgent.slice(0, 300),
    });
    return { token, expiresAt };
  }

  /** The session and its user, or null for an unknown, expired or disabled one. */
  async function validateSessionToken(token: string): Promise<ValidatedSession | null> {
    const id = hashToken(token);
    const [row] = await lookup.execute({ id });
    if (!row) return null;
    const now = clock();
    if (row.session.expiresAt.getTime() <= now.getTime()) {
      await db.delete(sessions).where(eq(sessions.id, id));
      return null;
    }
    if (row.user.suspensionInfo.suspended) return null;
    if (row.session.expiresAt.getTime() - now.getTime() >= SESSION_TTL_MS / 2) return { ...row, renewed: false };
    const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
    await db.update(sessions).set({ expiresAt, lastUsedAt: now }).where(eq(sessions.id, id));
    return { session: { ...row.session, expiresAt, lastUsedAt: now }, user: row.user, renewed: true };
  }

  async function invalidateSession(token: string): Promise<void> {
    await db.delete(sessions).where(eq(sessions.id, hashToken(token)));
  }

  async function invalidateUserSessions(userId: string): Promise<number> {
    const deleted = await db.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
    return deleted.length;
  }

  return { createSession, validateSessionToken, invalidateSession, invalidateUserSessions };
}

export type SessionService = ReturnType<typeof createSessionService>;
