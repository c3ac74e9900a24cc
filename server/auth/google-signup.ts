/**
 * A first Google sign-in (google.ts) for an address with no account: the identity is kept
 * a few minutes under a token the browser holds, and the account is made only once its
 * owner has accepted the terms.
 */
import { eq, lt } from 'drizzle-orm';
import { GOOGLE_SIGNUP_TTL_MS } from '../../common/constants.ts';
import { OTHER_NICHE } from '../../common/niches.ts';
import type { GoogleSignupData } from '../../common/validation.ts';
import type { Database } from '../../db/connect.ts';
import { googleSignups, oauthAccounts, users } from '../../db/schema.ts';
import { AppError } from '../errors.ts';
import { recordAuthEvent, type RequestContext } from './audit.ts';
import type { SignedIn } from './accounts.ts';
import type { AuthDeps } from './deps.ts';
import { GOOGLE_PROVIDER, signInWithin, type GoogleIdentity } from './google-accounts.ts';
import { buildNewUser } from './new-user.ts';
import { generateSecretToken, hashToken } from './tokens.ts';

/** What a first sign-in's terms step makes: a creator with a niche, or a member of the site it began on. */
export type GoogleNewAccount = ({ role: 'creator' } & GoogleSignupData) | { role: 'member' };

/** A first Google sign-in waiting for the terms: the token goes to the browser, only its hash is kept. */
export interface PendingGoogleSignup {
  token: string;
  expiresAt: Date;
}

/** Keeps a verified Google identity (no account) under the hash of a fresh token the browser gets in a cookie. */
export async function keepForTerms(tx: Database, clock: AuthDeps['clock'], identity: GoogleIdentity): Promise<PendingGoogleSignup> {
  const now = clock();
  const email = identity.email!;
  const token = generateSecretToken();
  const expiresAt = new Date(now.getTime() + GOOGLE_SIGNUP_TTL_MS);
  // Abandoned ones go as new ones come, so the table holds only minutes of sign-ins.
  await tx.delete(googleSignups).where(lt(googleSignups.expiresAt, now));
  await tx.insert(googleSignups).values({
    id: hashToken(token),
    providerUserId: identity.subject,
    email,
    fullName: identity.name?.trim() || email.split('@')[0]!,
    expiresAt,
    createdAt: now,
  });
  return { token, expiresAt };
}

/** Who is signing up, for the terms screen; throws invalid-token or expired-token. */
export async function pendingSignup({ db, clock }: Pick<AuthDeps, 'db' | 'clock'>, token: string): Promise<{ email: string; fullName: string }> {
  const [pending] = await db.select().from(googleSignups).where(eq(googleSignups.id, hashToken(token)));
  if (!pending) throw new AppError('invalid-token', 400, 'token');
  if (pending.expiresAt.getTime() <= clock().getTime()) throw new AppError('expired-token', 400, 'token');
  return { email: pending.email, fullName: pending.fullName };
}

/** The terms are accepted: the account is made, verified (Google vouched for the address), linked and signed in, all in one transaction. */
export async function completeSignup(deps: Pick<AuthDeps, 'db' | 'clock' | 'sessions'>, token: string, account: GoogleNewAccount, context: RequestContext): Promise<SignedIn> {
  const { db, clock } = deps;
  const now = clock();
  // A member has no niche, as on the join page's own sign-up form.
  const niche = account.role === 'member' ? '' : account.niche === OTHER_NICHE ? account.customNiche! : account.niche;
  return db.transaction(async (tx) => {
    // Taken atomically: a second submit of the same screen finds nothing.
    const [pending] = await tx.delete(googleSignups).where(eq(googleSignups.id, hashToken(token))).returning();
    if (!pending) throw new AppError('invalid-token', 400, 'token');
    if (pending.expiresAt.getTime() <= now.getTime()) throw new AppError('expired-token', 400, 'token');
    const [created] = await tx
      .insert(users)
      .values(buildNewUser({ email: pending.email, fullName: pending.fullName, niche, passwordHash: null, emailVerified: true, now, role: account.role }))
      .onConflictDoNothing({ target: users.email })
      .returning();
    // Someone signed up with the address in the meantime: Google sign-in links to it next time.
    if (!created) throw new AppError('email-already-in-use', 409);
    await tx.insert(oauthAccounts).values({ provider: GOOGLE_PROVIDER, providerUserId: pending.providerUserId, userId: created.id });
    await recordAuthEvent(tx, context, { type: 'signup', userId: created.id, email: created.email, detail: account.role === 'member' ? 'google: member' : 'google' });
    return signInWithin(tx, deps, created, context);
  });
}
