/**
 * The one route table (SPEC.md section 2, DESIGN.md "Sidebar routes"): path,
 * screen, guard and layout of every page, as plain data. The client's router
 * (client/router.tsx) builds its routes from it, and the server reads it for a
 * deep link's preload hints, pre-rendering and robots.txt, so it lives in
 * common/ and imports no React. A screen is named by its module path under client/, which is also its
 * key in Vite's build manifest; router.tsx finds the module from that name.
 */

export type GuardName = 'guest-only' | 'signed-in' | 'verified-creator';

export interface LayoutEntry {
  module: string;
  /** Every page of the layout is behind this guard, which also keeps the layout itself from showing. */
  guard?: GuardName;
}

export const LAYOUTS = {
  public: { module: 'layouts/public/PublicLayout.tsx' },
  creator: { module: 'layouts/creator/CreatorLayout.tsx', guard: 'verified-creator' },
} as const satisfies Record<string, LayoutEntry>;

export type LayoutName = keyof typeof LAYOUTS;

export interface RouteEntry {
  /** Absolute; `:name` for a parameter; `*` for the catch-all. */
  path: string;
  screen: string;
  layout?: LayoutName;
  /** For a page outside a guarded layout. */
  guard?: GuardName;
  /** A signed-out visitor's first paint is sent by the server as HTML (docs/decisions/033). */
  prerendered?: true;
}

/** In the main bundle (decision 015): the only screen that is not its own chunk. */
export const LANDING_SCREEN = 'features/marketing/landing/LandingPage.tsx';
export const NOT_FOUND_SCREEN = 'features/status-pages/not-found/NotFoundPage.tsx';

/** The creator area's pages; one not built yet keeps the not-found screen until its release. */
const creator = (path: string, screen: string = NOT_FOUND_SCREEN): RouteEntry => ({ path, screen, layout: 'creator' });

export const ROUTES: readonly RouteEntry[] = [
  { path: '/', screen: LANDING_SCREEN, layout: 'public', prerendered: true },
  { path: '/about', screen: 'features/marketing/about/AboutPage.tsx', layout: 'public', prerendered: true },
  { path: '/what-you-get', screen: 'features/marketing/what-you-get/WhatYouGetPage.tsx', layout: 'public', prerendered: true },
  { path: '/contact', screen: 'features/marketing/contact/ContactPage.tsx', layout: 'public', prerendered: true },
  { path: '/privacy-policy', screen: 'features/marketing/privacy-policy/PrivacyPolicyPage.tsx', layout: 'public', prerendered: true },
  { path: '/terms-conditions', screen: 'features/marketing/terms-conditions/TermsConditionsPage.tsx', layout: 'public', prerendered: true },

  { path: '/login', screen: 'features/sign-in/login/LoginPage.tsx', guard: 'guest-only', prerendered: true },
  { path: '/signup', screen: 'features/sign-in/signup/SignupPage.tsx', guard: 'guest-only', prerendered: true },
  { path: '/signup/google', screen: 'features/sign-in/google-signup/GoogleSignupPage.tsx', guard: 'guest-only' },
  { path: '/verify-email', screen: 'features/sign-in/verify-email/VerifyEmailPage.tsx', guard: 'signed-in' },
  { path: '/reset-password', screen: 'features/sign-in/reset-password/ResetPasswordPage.tsx' },

  { path: '/admin', screen: 'features/admin/AdminPage.tsx', guard: 'signed-in' },
  creator('/onboarding', 'features/onboarding/OnboardingPage.tsx'),
  creator('/dashboard/overview', 'features/overview/OverviewPage.tsx'),
  creator('/dashboard/reports', 'features/reports/ReportsPage.tsx'),
  creator('/dashboard/activity', 'features/activity/page/ActivityPage.tsx'),
  creator('/upload', 'features/posts/PostsPage.tsx'),
  creator('/upload/posts/new', 'features/posts/PostEditorPage.tsx'),
  creator('/upload/posts/:id', 'features/posts/PostEditorPage.tsx'),
  creator('/upload/media', 'features/media/library/MediaPage.tsx'),
  creator('/subscribers', 'features/members/SubscribersPage.tsx'),
  creator('/subscribers/:id', 'features/members/MemberPage.tsx'),
  creator('/messages', 'features/messages/inbox/MessagesPage.tsx'),
  creator('/earn', 'features/earn/EarnPage.tsx'),
  creator('/domain', 'features/domain/DomainPage.tsx'),
  creator('/customize-site', 'features/design/CustomizeSitePage.tsx'),
  creator('/preview-page', 'features/preview/PreviewPage.tsx'),
  creator('/settings/general', 'features/settings/general/GeneralSettingsPage.tsx'),
  creator('/settings/advanced', 'features/settings/advanced/AdvancedSettingsPage.tsx'),
  creator('/settings/import', 'features/settings/import/ImportPage.tsx'),
  creator('/settings/export', 'features/settings/export/ExportPage.tsx'),
  creator('/settings/account', 'features/settings/account/AccountSettingsPage.tsx'),
  creator('/support', 'features/support/SupportPage.tsx'),

  { path: '*', screen: NOT_FOUND_SCREEN },
];

function segmentsOf(path: string): string[] {
  return path.split('/').filter(Boolean);
}

/** How well a route fits a path: higher for more literal segments; undefined when it does not fit. */
function fitOf(route: RouteEntry, segments: readonly string[]): number | undefined {
  if (route.path === '*') return 0;
  const routeSegments = segmentsOf(route.path);
  if (routeSegments.length !== segments.length) return undefined;
  let fit = 1;
  for (const [index, routeSegment] of routeSegments.entries()) {
    if (routeSegment.startsWith(':')) continue;
    // react-router matches case-insensitively; so must the hints.
    if (routeSegment.toLowerCase() !== segments[index]?.toLowerCase()) return undefined;
    fit += 1;
  }
  return fit;
}

/**
 * The entry that shows a path, ranked as react-router ranks them (a literal
 * segment beats a parameter, anything beats the catch-all), so the server's
 * hints name the page the router will render.
 */
export function routeFor(pathname: string, routes: readonly RouteEntry[] = ROUTES): RouteEntry {
  const segments = segmentsOf(pathname);
  let best: RouteEntry | undefined;
  let bestFit = -1;
  for (const route of routes) {
    const fit = fitOf(route, segments);
    if (fit !== undefined && fit > bestFit) [best, bestFit] = [route, fit];
  }
  if (!best) throw new Error('The route table has no catch-all entry.');
  return best;
}

/** The modules a path's page needs, its layout's first. */
export function modulesFor(pathname: string): string[] {
  const route = routeFor(pathname);
  return route.layout ? [LAYOUTS[route.layout].module, route.screen] : [route.screen];
}
