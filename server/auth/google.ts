/**
 * Google sign-in over OpenID Connect with openid-client (docs/decisions/003):
 * authorization code flow with PKCE, state and nonce; openid-client checks the
 * ID token's signature against the issuer's published keys, its issuer,
 * audience, expiry and nonce.
 */
import { and, eq } from 'drizzle-orm';
import * as oidc from 'openid-client';
import { oauthAccounts, users } from '../../db/schema.ts';
import { AppError } from '../errors.ts';
import { recordAuthEvent, type RequestContext } from './audit.ts';
import type { SignedIn } from './accounts.ts';
import type { AuthDeps } from './deps.ts';
import { buildNewUser } from './new-user.ts';
import type { UserRow } from './session.ts';

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
}

interface GoogleIdentity {
  subject: string;
  email: string | undefined;
  emailVerified: boolean;
  name: string | undefined;
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Plain http is allowed only for an issuer on this machine (the tests' local OIDC server). */
function isLoopbackHttp(url: URL): boolean {
  return url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
}

export function createGoogleSignIn(settings: GoogleClientSettings, deps: AuthDeps) {
  const { db, clock, sessions, appUrl } = deps;
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

  async function startSignIn(): Promise<{ authorizationUrl: URL; transient: GoogleTransientState }> {
    const config = await getConfiguration();
    const transient = { state: oidc.randomState(), nonce: oidc.randomNonce(), codeVerifier: oidc.randomPKCECodeVerifier() };
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

  async function finishSignIn(callbackUrl: URL, transient: GoogleTransientState, context: RequestContext): Promise<SignedIn> {
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
    const user = await findOrCreateUser(identity, context);
    if (user.suspensionInfo.suspended) {
      await recordAuthEvent(db, context, { type: 'login-failed', userId: user.id, email: user.email, detail: 'google: disabled' });
      throw new AppError('user-disabled', 403);
    }
    const now = clock();
    await db.update(users).set({ lastLogin: now }).where(eq(users.id, user.id));
    await recordAuthEvent(db, context, { type: 'google-login', userId: user.id, email: user.email });
    const session = await sessions.createSession(user.id, context.userAgent);
    return { user: { ...user, lastLogin: now }, session };
  }

  async function findOrCreateUser(identity: GoogleIdentity, context: RequestContext): Promise<UserRow> {
    return db.transaction(async (tx) => {
      const [linked] = await tx
        .select({ user: users })
        .from(oauthAccounts)
        .innerJoin(users, eq(oauthAccounts.userId, users.id))
        .where(and(eq(oauthAccounts.provider, GOOGLE_PROVIDER), eq(oauthAccounts.providerUserId, identity.subject)));
      if (linked) return linked.user;
      // Only an address Google vouches for may be linked to, or create, an account.
      if (!identity.email || !identity.emailVerified) throw new AppError('invalid-login-credentials', 401);
      const [existing] = await tx.select().from(users).where(eq(users.email, identity.email));
      let user: UserRow;
      // A disabled account is refused before anything about it changes.
      if (existing?.suspensionInfo.suspended) return existing;
      if (existing) {
        // An unverified password account may have been registered by a stranger: its password goes.
        const [updated] = await tx
          .update(users)
          .set({ emailVerified: true, isVerified: true, ...(existing.emailVerified ? {} : { passwordHash: null }) })
          .where(eq(users.id, existing.id))
          .returning();
        user = updated!;
        await recordAuthEvent(tx, context, {
          type: 'google-linked',
          userId: user.id,
          email: user.email,
          detail: existing.emailVerified ? 'verified account' : 'unverified account: password removed',
        });
      } else {
        const fullName = identity.name?.trim() || identity.email.split('@')[0]!;
        const [created] = await tx
          .insert(users)
          .values(buildNewUser({ email: identity.email, fullName, niche: '', passwordHash: null, emailVerified: true, now: clock() }))
          .returning();
        user = created!;
        await recordAuthEvent(tx, context, { type: 'signup', userId: user.id, email: user.email, detail: 'google' });
      }
      await tx.insert(oauthAccounts).values({ provider: GOOGLE_PROVIDER, providerUserId: identity.subject, userId: user.id });
      return user;
    });
  }

  return { startSignIn, finishSignIn };
}

export type GoogleSignIn = ReturnType<typeof createGoogleSignIn>;
