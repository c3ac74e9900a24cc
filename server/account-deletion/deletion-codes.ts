/**
 * The six-digit code mailed to delete an account (docs/decisions/159): for a
 * member who joined by a mailed link or was imported, and so has no password
 * to confirm with. Made when the mail is sent (the outbox never holds it),
 * kept only as a hash in `email_tokens`, good once for 15 minutes; a newer
 * code ends the older one. Six digits are few, so every try is counted against
 * the account's password checks (server/rate-limits) before it is looked at.
 */
import { randomInt } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { emailTokens } from '../../db/schema.ts';
import { hashToken } from '../auth/index.ts';
import { AppError } from '../errors.ts';

export const DELETION_CODE_TTL_MS = 15 * 60 * 1000;
const PURPOSE = 'delete-account';

/** Salted with the account: two accounts may hold the same six digits at once, and the row's key must differ. */
const codeHash = (userId: string, code: string) => hashToken(`${PURPOSE}:${userId}:${code}`);

/** A fresh code for the account, the older ones ended; called at send time, in the mail worker's hold. */
export async function freshDeletionCode(tx: Database, { userId, email, now }: { userId: string; email: string; now: Date }): Promise<string> {
  await tx
    .update(emailTokens)
    .set({ usedAt: now })
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, PURPOSE), isNull(emailTokens.usedAt)));
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await tx.insert(emailTokens).values({ id: codeHash(userId, code), userId, email, purpose: PURPOSE, createdAt: now, expiresAt: new Date(now.getTime() + DELETION_CODE_TTL_MS) });
  return code;
}

/**
 * Uses the code, atomically: it must be this account's, unused, unexpired and mailed to the address the
 * account still has. Anything else is one answer, `wrong-code`, which tells a guesser nothing.
 */
export async function useDeletionCode(tx: Database, { userId, email, code, now }: { userId: string; email: string; code: string; now: Date }): Promise<void> {
  const [used] = await tx
    .update(emailTokens)
    .set({ usedAt: now })
    .where(and(eq(emailTokens.id, codeHash(userId, code)), eq(emailTokens.userId, userId), eq(emailTokens.purpose, PURPOSE), eq(emailTokens.email, email), isNull(emailTokens.usedAt), gt(emailTokens.expiresAt, now)))
    .returning({ id: emailTokens.id });
  if (!used) throw new AppError('wrong-code', 400, 'code');
}
