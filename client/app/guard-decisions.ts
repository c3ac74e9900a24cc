/**
 * SPEC.md "Route guards" and "App start" as pure decisions, so the rules are
 * tested without a browser. `undefined` auth means "still loading": guards wait
 * and render nothing rather than flash a screen the user may not belong on.
 */
import type { PublicUser } from '../../common/api-types.ts';

export type AuthState = PublicUser | null | undefined;

export type GuardDecision = { action: 'wait' } | { action: 'render' } | { action: 'redirect'; to: string };

const WAIT: GuardDecision = { action: 'wait' };
const RENDER: GuardDecision = { action: 'render' };
const redirect = (to: string): GuardDecision => ({ action: 'redirect', to });

/** /login and /signup: a verified signed-in user has nothing to do there. */
export function decideGuestOnly(user: AuthState): GuardDecision {
  if (user === undefined) return WAIT;
  return user?.emailVerified ? redirect('/onboarding') : RENDER;
}

/** /verify-email: only a signed-in user has an address to verify. */
export function decideSignedIn(user: AuthState): GuardDecision {
  if (user === undefined) return WAIT;
  return user === null ? redirect('/login') : RENDER;
}

/** The creator area (its layout, so every page in it): signed in and verified. */
export function decideVerifiedCreator(user: AuthState): GuardDecision {
  if (user === undefined) return WAIT;
  if (user === null) return redirect('/login');
  return user.emailVerified ? RENDER : redirect('/verify-email');
}

export type AppScreen = 'loading' | 'maintenance' | 'app';

/** App start: loading until both the maintenance flag and auth are known; maintenance replaces everything. */
export function decideAppScreen(maintenance: boolean | undefined, user: AuthState): AppScreen {
  if (maintenance === undefined || user === undefined) return 'loading';
  return maintenance ? 'maintenance' : 'app';
}
