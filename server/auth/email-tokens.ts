/**
 * Single-use tokens mailed in links (verify-email 24 h, reset-password 60 min),
 * stored as SHA-256. Using one is an atomic update, so a token works once even
 * when two tabs follow the link at the same moment.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { emailTokens, type EmailTokenPurpose } from '../../db/schema.ts';
import { AppError } from '../errors.ts';
import { generateSecretToken, hashToken } from './tokens.ts';

export async function issueEmailToken(
  db: Database,
  { userId, email, purpose, now, ttlMs }: { userId: string; email: string; purpose: EmailTokenPurpose; now: Date; ttlMs: number },
): Promise<string> {
  const token = generateSecretToken();
  await db.insert(emailTokens).values({
    id: hashToken(token),
    userId,
    email,
    purpose,
    createdAt: now,
    expiresAt: new Date(now.getTime() + ttlMs),
  });
  return token;
}

/**
 * The token's row if it could be used now, without using it: a caller with costly
 * work to do (hashing a new password) checks first, then consumes atomically.
 */
export async function findUsableEmailToken(db: Database, token: string, purpose: EmailTokenPurpose, now: Date) {
  const [found] = await db
    .select()
    .from(emailTokens)
    .where(and(eq(emailTokens.id, hashToken(token)), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)));
  if (!found) throw new AppError('invalid-token', 400, 'token');
  if (found.expiresAt.getTime() <= now.getTime()) throw new AppError('expired-token', 400, 'token');
  return found;
}

/** Marks the token used and returns its row; throws invalid-token or expired-token. */
export async function consumeEmailToken(db: Database, token: string, purpose: EmailTokenPurpose, now: Date) {
  const [used] = await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(and(eq(emailTokens.id, hashToken(token)), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)))
    .returning();
  if (!used) throw new AppError('invalid-token', 400, 'token');
  if (used.expiresAt.getTime() <= now.getTime()) throw new AppError('expired-token', 400, 'token');
  return used;
}

/** A newer link replaces older ones of the same purpose. */
export async function revokeEmailTokens(db: Database, userId: string, purpose: EmailTokenPurpose, now: Date): Promise<void> {
  await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)));
}

/**
 * A new password (a reset or a change) is the owner taking the account back: the links still waiting in a mail
 * that would change the address or sign someone in stop working with it (docs/decisions/152, review M1). How many ended.
 */
export async function revokePendingLinks(db: Database, userId: string, now: Date): Promise<number> {
  const revoked = await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(and(eq(emailTokens.userId, userId), inArray(emailTokens.purpose, ['change-email', 'join-site', 'sign-in']), isNull(emailTokens.usedAt)))
    .returning({ id: emailTokens.id });
  return revoked.length;
}

/** The token of a link about to be mailed: the links of that user and purpose sent before stop working, so a retry never leaves two live. */
export async function freshEmailToken(
  db: Database,
  { userId, email, purpose, now, ttlMs }: { userId: string; email: string; purpose: EmailTokenPurpose; now: Date; ttlMs: number },
): Promise<string> {
  await revokeEmailTokens(db, userId, purpose, now);
  return issueEmailToken(db, { userId, email, purpose, now, ttlMs });
}
