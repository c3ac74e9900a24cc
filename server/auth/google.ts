/**
 * Google sign-in over OpenID Connect with openid-client (docs/decisions/003):
 * authorization code flow with PKCE, state and nonce; openid-client checks the
 * ID token's signature against the issuer's published keys, its issuer,
 * audience, expiry and nonce.
 */
import { and, eq, isNull, lt } from 'drizzle-orm';
import * as oidc from 'openid-client';
import { GOOGLE_SIGNUP_TTL_MS } from '../../common/constants.ts';
import { OTHER_NICHE } from '../../common/niches.ts';
import type { GoogleSignupData } from '../../common/validation.ts';
import type { Database } from '../../db/connect.ts';
import { emailTokens, googleSignups, oauthAccounts, sessions, users } from '../../db/schema.ts';
import { AppError } from '../errors.ts';
import { findSiteByHandle } from '../sites/site-lookup.ts';
import { recordAuthEvent, type RequestContext } from './audit.ts';
import type { SignedIn } from './accounts.ts';
import type { AuthDeps } from './deps.ts';
import { buildNewUser } from './new-user.ts';
import type { UserRow } from './session.ts';
import { generateSecretToken, hashToken } from './tokens.ts';

export const GOOGLE_PROVIDER = 'google';

export interface GoogleClientSettings {
  clientId: string;
  clientSecret: string;
  issuerUrl: URL;
}

/** What the browser keeps between leaving for Google and coming back, in a short-lived HttpOnly cookie. */
export interface GoogleTransientState {
  state: string;
  nonce: string;
  codeVerifier: string;
  /** A page of a creator's site to return to (common/next-path.ts), when the sign-in began there. */
  next?: string;
}

/** What a first sign-in's terms step makes: a creator with a niche, or a member of the site it began on. */
export type GoogleNewAccount = ({ role: 'creator' } & GoogleSignupData) | { role: 'member' };

/** The creator's site a first sign-in is joining. */
export interface JoiningSite {
  handle: string;
  title: string;
}

interface GoogleIdentity {
  subject: string;
  email: string | undefined;
  emailVerified: boolean;
  name: string | undefined;
}

/** A first Google sign-in waiting for the terms: the token goes to the browser, only its hash is kept. */
export interface PendingGoogleSignup {
  token: string;
  expiresAt: Date;
}

export type GoogleOutcome = { kind: 'signed-in'; signedIn: SignedIn } | ({ kind: 'needs-terms' } & PendingGoogleSignup);

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Plain http is allowed only for an issuer on this machine (the tests' local OIDC server). */
function isLoopbackHttp(url: URL): boolean {
  return url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
}

export function createGoogleSignIn(settings: GoogleClientSettings, deps: AuthDeps) {
  const { db, clock, sessions: sessionService, appUrl } = deps;
  const redirectUri = new URL('/api/auth/google/callback', appUrl).toString();
  let configuration: Promise<oidc.Configuration> | undefined;

  /** Discovered on first use, so start-up does not depend on reaching the issuer. */
  function getConfiguration(): Promise<oidc.Configuration> {
    configuration ??= oidc
      .discovery(settings.issuerUrl, settings.clientId, undefined, oidc.ClientSecretPost(settings.clientSecret), {
        execute: isLoopbackHttp(settings.issuerUrl) ? [oidc.allowInsecureRequests] : [],
      })
      .catch((error: unknown) => {
        configuration = undefined;
        throw error;
      });
    return configuration;
  }

  /** `next` must already be a checked site path (common/next-path.ts isSitePath). */
  async function startSignIn(next?: string): Promise<{ authorizationUrl: URL; transient: GoogleTransientState }> {
    const config = await getConfiguration();
    const transient = { state: oidc.randomState(), nonce: oidc.randomNonce(), codeVerifier: oidc.randomPKCECodeVerifier(), ...(next ? { next } : {}) };
    const authorizationUrl = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'openid email profile',
      code_challenge: await oidc.calculatePKCECodeChallenge(transient.codeVerifier),
      code_challenge_method: 'S256',
      state: transient.state,
      nonce: transient.nonce,
      prompt: 'select_account',
    });
    return { authorizationUrl, transient };
  }

  /**
   * Back from Google: signs in a linked or matching account, or, for an address
   * with no account yet, keeps the identity a few minutes until its owner has
   * accepted the terms (completeSignup): no account is made before that.
   */
  async function finishSignIn(callbackUrl: URL, transient: GoogleTransientState, context: RequestContext): Promise<GoogleOutcome> {
    const config = await getConfiguration();
    const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: transient.codeVerifier,
      expectedState: transient.state,
      expectedNonce: transient.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new AppError('invalid-login-credentials', 401);
    const identity: GoogleIdentity = {
      subject: claims.sub,
      email: typeof claims.email === 'string' ? claims.email.toLowerCase() : undefined,
      emailVerified: claims.email_verified === true,
      name: typeof claims.name === 'string' ? claims.name : undefined,
    };
    const outcome = await db.transaction(async (tx) => {
      const user = await findOrLinkUser(tx, identity, context);
      if (!user) return { kind: 'needs-terms' as const, ...(await keepForTerms(tx, identity)) };
      // A disabled account is refused before anything about it changes.
      if (user.suspensionInfo.suspended) return { kind: 'disabled' as const, user };
      return { kind: 'signed-in' as const, signedIn: await signInWithin(tx, user, context) };
    });
    if (outcome.kind === 'disabled') {
      await recordAuthEvent(db, context, { type: 'login-failed', userId: outcome.user.id, email: outcome.user.email, detail: 'google: disabled' });
      throw new AppError('user-disabled', 403);
    }
    return outcome;
  }

  /** The account this Google identity signs into, linking it by address when needed; undefined when there is none yet. */
  async function findOrLinkUser(tx: Database, identity: GoogleIdentity, context: RequestContext): Promise<UserRow | undefined> {
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
    if (!existing.emailVerified) await evictSquatter(tx, existing, context);
    await tx.insert(oauthAccounts).values({ provider: GOOGLE_PROVIDER, providerUserId: identity.subject, userId: existing.id });
    return updated!;
  }

  /**
   * An unverified password account may have been registered by a stranger with
   * the owner's address: whoever that was loses every session and every link
   * still waiting in a mail, in the same transaction as the link.
   */
  async function evictSquatter(tx: Database, user: UserRow, context: RequestContext): Promise<void> {
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
  async function signInWithin(tx: Database, user: UserRow, context: RequestContext): Promise<SignedIn> {
    const now = clock();
    await tx.update(users).set({ lastLogin: now }).where(eq(users.id, user.id));
    await recordAuthEvent(tx, context, { type: 'google-login', userId: user.id, email: user.email });
    const session = await sessionService.createSession(user.id, context.userAgent, tx);
    return { user: { ...user, lastLogin: now }, session };
  }

  /** Keeps a verified Google identity (no account) under the hash of a fresh token the browser gets in a cookie. */
  async function keepForTerms(tx: Database, identity: GoogleIdentity): Promise<PendingGoogleSignup> {
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

  /** The published site a sign-in that began on one of its pages (`next`) is joining; undefined otherwise. */
  async function joiningSite(next: string | undefined): Promise<JoiningSite | undefined> {
    const handle = next ? /^\/@([a-z0-9-]+)/.exec(next)?.[1] : undefined;
    const site = handle ? await findSiteByHandle(db, handle) : undefined;
    return site?.publishedAt ? { handle: site.handle, title: site.title } : undefined;
  }

  /** Who is signing up, for the terms screen; throws invalid-token or expired-token. */
  async function pendingSignup(token: string): Promise<{ email: string; fullName: string }> {
    const [pending] = await db.select().from(googleSignups).where(eq(googleSignups.id, hashToken(token)));
    if (!pending) throw new AppError('invalid-token', 400, 'token');
    if (pending.expiresAt.getTime() <= clock().getTime()) throw new AppError('expired-token', 400, 'token');
    return { email: pending.email, fullName: pending.fullName };
  }

  /** The terms are accepted: the account is made, verified (Google vouched for the address), linked and signed in, all in one transaction. */
  async function completeSignup(token: string, account: GoogleNewAccount, context: RequestContext): Promise<SignedIn> {
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
      return signInWithin(tx, created, context);
    });
  }

  return { startSignIn, finishSignIn, joiningSite, pendingSignup, completeSignup };
}

export type GoogleSignIn = ReturnType<typeof createGoogleSignIn>;
