/**
 * The account a Google identity signs into (google.ts): the one already linked to it, or
 * the one with its address, linked on the way; and the sign-in itself, inside the
 * caller's transaction.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { emailTokens, oauthAccounts, sessions, users } from '../../db/schema.ts';
import { AppError } from '../errors.ts';
import { recordAuthEvent, type RequestContext } from './audit.ts';
import type { SignedIn } from './accounts.ts';
import type { AuthDeps } from './deps.ts';
import type { UserRow } from './session.ts';

export const GOOGLE_PROVIDER = 'google';

/** What Google's ID token says about who signed in. */
export interface GoogleIdentity {
  subject: string;
  email: string | undefined;
  emailVerified: boolean;
  name: string | undefined;
}

/** The account this Google identity signs into, linking it by address when needed; undefined when there is none yet. */
export async function findOrLinkUser(tx: Database, clock: AuthDeps['clock'], identity: GoogleIdentity, context: RequestContext): Promise<UserRow | undefined> {
  const [linked] = await tx
    .select({ user: users })
    .from(oauthAccounts)
    .innerJoin(users, eq(oauthAccounts.userId, users.id))
    .where(and(eq(oauthAccounts.provider, GOOGLE_PROVIDER), eq(oauthAccounts.providerUserId, identity.subject)));
  if (linked) return linked.user;
  // Only an address Google vouches for may be linked to, or create, an account.
  if (!identity.email || !identity.emailVerified) throw new AppError('invalid-login-credentials', 401);
  const [existing] = await tx.select().from(users).where(eq(users.email, identity.email));
  if (!existing) return undefined;
  if (existing.suspensionInfo.suspended) return existing;
  // The account keeps its recorded consent: linking changes who may sign in, not what was agreed.
  const [updated] = await tx
    .update(users)
    .set({ emailVerified: true, isVerified: true, ...(existing.emailVerified ? {} : { passwordHash: null }) })
    .where(eq(users.id, existing.id))
    .returning();
  await recordAuthEvent(tx, context, {
    type: 'google-linked',
    userId: existing.id,
    email: existing.email,
    detail: existing.emailVerified ? 'verified account' : 'unverified account: password removed',
  });
  if (!existing.emailVerified) await evictSquatter(tx, clock, existing, context);
  await tx.insert(oauthAccounts).values({ provider: GOOGLE_PROVIDER, providerUserId: identity.subject, userId: existing.id });
  return updated!;
}

/**
 * An unverified password account may have been registered by a stranger with
 * the owner's address: whoever that was loses every session and every link
 * still waiting in a mail, in the same transaction as the link.
 */
async function evictSquatter(tx: Database, clock: AuthDeps['clock'], user: UserRow, context: RequestContext): Promise<void> {
  const now = clock();
  const ended = await tx.delete(sessions).where(eq(sessions.userId, user.id)).returning({ id: sessions.id });
  const revoked = await tx
    .update(emailTokens)
    .set({ usedAt: now })
    .where(and(eq(emailTokens.userId, user.id), isNull(emailTokens.usedAt)))
    .returning({ id: emailTokens.id });
  await recordAuthEvent(tx, context, {
    type: 'sessions-revoked',
    userId: user.id,
    email: user.email,
    detail: `google link of an unverified account ended ${ended.length} session(s) and ${revoked.length} mailed link(s)`,
  });
}

/** Last login, audit row and session in the caller's transaction: one commit for a sign-in. */
export async function signInWithin(
  tx: Database,
  { clock, sessions: sessionService }: Pick<AuthDeps, 'clock' | 'sessions'>,
  user: UserRow,
  context: RequestContext,
): Promise<SignedIn> {
  const now = clock();
  await tx.update(users).set({ lastLogin: now }).where(eq(users.id, user.id));
  await recordAuthEvent(tx, context, { type: 'google-login', userId: user.id, email: user.email });
  const session = await sessionService.createSession(user.id, context.userAgent, tx);
  return { user: { ...user, lastLogin: now }, session };
}
