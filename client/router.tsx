/**
 * The routes of routes.ts, in react-router's declarative mode (the data router
 * costs 16 KB more; DESIGN.md's toolchain facts). Only the public layout and
 * the landing page load eagerly: every other screen is its own chunk, so the
 * landing page carries no auth code, zod or swiper.
 */
import type { ComponentType, ReactNode } from 'react';
import { Route, Routes, matchRoutes } from 'react-router';
import { Guard } from './app/Guard.tsx';
import { decideGuestOnly, decideSignedIn, decideVerifiedCreator, type AuthState, type GuardDecision } from './app/guard-decisions.ts';
import { preloadable, type PreloadableScreen } from './app/preloadable.tsx';
import { RouteSuspense } from './app/RouteSuspense.tsx';
import { LAZY_SCREEN_MODULES } from './app/screen-modules.ts';
import PublicLayout from './layouts/public/PublicLayout.tsx';
import LandingPage from './features/marketing/landing/LandingPage.tsx';
import { LANDING_SCREEN, LAYOUTS, ROUTES, type GuardName, type LayoutName, type RouteEntry } from '../common/routes.ts';

const GUARDS: Record<GuardName, (user: AuthState, pathname: string) => GuardDecision> = {
  'guest-only': decideGuestOnly,
  'signed-in': decideSignedIn,
  'verified-creator': decideVerifiedCreator,
};

const EAGER: Record<string, ComponentType> = { [LANDING_SCREEN]: LandingPage, [LAYOUTS.public.module]: PublicLayout };

const screens = new Map<string, PreloadableScreen>();

function screenOf(module: string): PreloadableScreen {
  const eager = EAGER[module];
  if (eager) return { Screen: eager, preload: () => Promise.resolve() };
  let screen = screens.get(module);
  if (!screen) {
    const load = LAZY_SCREEN_MODULES[`./${module}`];
    if (!load) throw new Error(`routes.ts names ${module}, which is not a screen module.`);
    screen = preloadable(load);
    screens.set(module, screen);
  }
  return screen;
}

/**
 * Fetches the chunks of the page being opened while React starts up, instead
 * of after the first render asks for them. Never rejects: a chunk that fails
 * here fails again, visibly, when its route renders.
 */
export async function preloadScreenFor(pathname: string): Promise<void> {
  // react-router's own matching (routes.ts's routeFor does the same for the server, without React).
  const route = matchRoutes(ROUTES as RouteEntry[], pathname)?.[0]?.route ?? ROUTES.at(-1)!;
  const modules = route.layout ? [LAYOUTS[route.layout].module, route.screen] : [route.screen];
  await Promise.all(modules.map((module) => screenOf(module).preload().catch(() => undefined)));
}

function render(module: string, guard: GuardName | undefined): ReactNode {
  const { Screen } = screenOf(module);
  const element = EAGER[module] ? <Screen /> : <RouteSuspense><Screen /></RouteSuspense>;
  return guard ? <Guard decide={GUARDS[guard]}>{element}</Guard> : element;
}

function routeOf(entry: RouteEntry): ReactNode {
  const element = render(entry.screen, entry.guard);
  if (entry.path === '/') return <Route key={entry.path} index element={element} />;
  return <Route key={entry.path} path={entry.path === '*' ? '*' : entry.path.slice(1)} element={element} />;
}

function layoutRoute(layout: LayoutName, entries: RouteEntry[]): ReactNode {
  const { module, guard } = LAYOUTS[layout] as { module: string; guard?: GuardName };
  return (
    <Route key={layout} element={render(module, guard)}>
      {entries.map(routeOf)}
    </Route>
  );
}

/** The table as <Route>s: each layout once, where its first page stands, around all its pages. */
function buildRoutes(): ReactNode[] {
  const slots: (RouteEntry | LayoutName)[] = [];
  const byLayout = new Map<LayoutName, RouteEntry[]>();
  for (const entry of ROUTES) {
    if (!entry.layout) {
      slots.push(entry);
      continue;
    }
    if (!byLayout.has(entry.layout)) {
      byLayout.set(entry.layout, []);
      slots.push(entry.layout);
    }
    byLayout.get(entry.layout)!.push(entry);
  }
  return slots.map((slot) => (typeof slot === 'string' ? layoutRoute(slot, byLayout.get(slot)!) : routeOf(slot)));
}

const APP_ROUTES = buildRoutes();

export function AppRoutes() {
  return <Routes>{APP_ROUTES}</Routes>;
}
