/**
 * Google sign-in over OpenID Connect with openid-client (docs/decisions/003):
 * authorization code flow with PKCE, state and nonce; openid-client checks the
 * ID token's signature against the issuer's published keys, its issuer,
 * audience, expiry and nonce. Which account an identity signs into is
 * google-accounts.ts; a first sign-in waiting for the terms, google-signup.ts.
 */
import * as oidc from 'openid-client';
import { AppError } from '../errors.ts';
import { recordAuthEvent, type RequestContext } from './audit.ts';
import type { SignedIn } from './accounts.ts';
import type { AuthDeps } from './deps.ts';
import { findOrLinkUser, signInWithin, type GoogleIdentity } from './google-accounts.ts';
import { completeSignup, keepForTerms, pendingSignup, type GoogleNewAccount, type PendingGoogleSignup } from './google-signup.ts';

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

/** The creator's site a first sign-in is joining. */
export interface JoiningSite {
  handle: string;
  title: string;
}

/**
 * A site by its handle, handed in by the composition root (server/sites/site-lookup.ts):
 * sites are built on auth, so auth does not import them.
 */
export type FindSiteByHandle = (handle: string) => Promise<{ handle: string; title: string; publishedAt: Date | null } | undefined>;

export type GoogleOutcome = { kind: 'signed-in'; signedIn: SignedIn } | ({ kind: 'needs-terms' } & PendingGoogleSignup);

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Plain http is allowed only for an issuer on this machine (the tests' local OIDC server). */
function isLoopbackHttp(url: URL): boolean {
  return url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
}

export function createGoogleSignIn(settings: GoogleClientSettings, deps: AuthDeps, findSiteByHandle: FindSiteByHandle) {
  const { db, clock, appUrl } = deps;
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
      const user = await findOrLinkUser(tx, clock, identity, context);
      if (!user) return { kind: 'needs-terms' as const, ...(await keepForTerms(tx, clock, identity)) };
      // A disabled account is refused before anything about it changes.
      if (user.suspensionInfo.suspended) return { kind: 'disabled' as const, user };
      return { kind: 'signed-in' as const, signedIn: await signInWithin(tx, deps, user, context) };
    });
    if (outcome.kind === 'disabled') {
      await recordAuthEvent(db, context, { type: 'login-failed', userId: outcome.user.id, email: outcome.user.email, detail: 'google: disabled' });
      throw new AppError('user-disabled', 403);
    }
    return outcome;
  }

  /** The published site a sign-in that began on one of its pages (`next`) is joining; undefined otherwise. */
  async function joiningSite(next: string | undefined): Promise<JoiningSite | undefined> {
    const handle = next ? /^\/@([a-z0-9-]+)/.exec(next)?.[1] : undefined;
    const site = handle ? await findSiteByHandle(handle) : undefined;
    return site?.publishedAt ? { handle: site.handle, title: site.title } : undefined;
  }

  return {
    startSignIn,
    finishSignIn,
    joiningSite,
    /** Who is signing up, for the terms screen; throws invalid-token or expired-token. */
    pendingSignup: (token: string) => pendingSignup(deps, token),
    completeSignup: (token: string, account: GoogleNewAccount, context: RequestContext) => completeSignup(deps, token, account, context),
  };
}

export type GoogleSignIn = ReturnType<typeof createGoogleSignIn>;
