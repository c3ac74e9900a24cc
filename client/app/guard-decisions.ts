/**
 * SPEC.md "Route guards" and "App start" as pure decisions, so the rules are
 * tested without a browser. `undefined` auth means "still loading": guards wait
 * and render nothing rather than flash a screen the user may not belong on.
 */
import type { PublicUser } from '../../common/api-types.ts';

export type AuthState = PublicUser | null | undefined;

/** `land`: go where the server says the account belongs (a member's site), which only the server knows. */
export type GuardDecision = { action: 'wait' } | { action: 'render' } | { action: 'redirect'; to: string } | { action: 'land' };

const WAIT: GuardDecision = { action: 'wait' };
const RENDER: GuardDecision = { action: 'render' };
const LAND: GuardDecision = { action: 'land' };
const redirect = (to: string): GuardDecision => ({ action: 'redirect', to });

/** Where a member starts a site of their own (docs/decisions/059): the one page of the creator area open to them. */
export const START_SITE_PATH = '/onboarding';

/** /login and /signup: a verified signed-in user has nothing to do there; a member is not pushed into the creator's wizard. */
export function decideGuestOnly(user: AuthState): GuardDecision {
  if (user === undefined) return WAIT;
  if (!user?.emailVerified) return RENDER;
  return user.role === 'member' ? LAND : redirect('/onboarding');
}

/** /verify-email: only a signed-in user has an address to verify. */
export function decideSignedIn(user: AuthState): GuardDecision {
  if (user === undefined) return WAIT;
  return user === null ? redirect('/login') : RENDER;
}

/** The creator area (its layout, so every page in it): signed in and verified; a member only on the page that starts their site. */
export function decideVerifiedCreator(user: AuthState, pathname: string): GuardDecision {
  if (user === undefined) return WAIT;
  if (user === null) return redirect('/login');
  if (!user.emailVerified) return redirect('/verify-email');
  // As react-router matches: case aside, a trailing slash aside.
  const onStartSite = pathname.toLowerCase().replace(/\/+$/, '') === START_SITE_PATH;
  return user.role === 'member' && !user.isAdmin && !onStartSite ? redirect(START_SITE_PATH) : RENDER;
}

export type AppScreen = 'loading' | 'maintenance' | 'app';

/** App start: loading until both the maintenance flag and auth are known; maintenance replaces everything. */
export function decideAppScreen(maintenance: boolean | undefined, user: AuthState): AppScreen {
  if (maintenance === undefined || user === undefined) return 'loading';
  return maintenance ? 'maintenance' : 'app';
}
