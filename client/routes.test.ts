import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SIDEBAR_ENTRIES, isSidebarGroup } from './layouts/creator/sidebar-entries.ts';
import { LAZY_SCREEN_MODULES } from './app/screen-modules.ts';
import { LANDING_SCREEN, LAYOUTS, NOT_FOUND_SCREEN, ROUTES, modulesFor, routeFor, type RouteEntry } from '../common/routes.ts';

const sidebarPaths = SIDEBAR_ENTRIES.flatMap((entry) => (isSidebarGroup(entry) ? entry.children : [entry])).map((link) =>
  link.to.startsWith('/') ? link.to : `/${link.to}`,
);

describe('the route table', () => {
  it('names only modules that exist: the eager landing page and public layout, or a lazily loaded screen', () => {
    const eager = new Set([LANDING_SCREEN, LAYOUTS.public.module]);
    const named = [...ROUTES.map((route) => route.screen), ...Object.values(LAYOUTS).map((layout) => layout.module)];
    const missing = named.filter((module) => !eager.has(module) && !(`./${module}` in LAZY_SCREEN_MODULES));
    expect(missing).toEqual([]);
  });

  it('keeps the landing page and public layout out of the lazy chunks (decision 015)', () => {
    expect(`./${LANDING_SCREEN}` in LAZY_SCREEN_MODULES).toBe(false);
    expect(`./${LAYOUTS.public.module}` in LAZY_SCREEN_MODULES).toBe(false);
  });

  it('has each path once', () => {
    const paths = ROUTES.map((route) => route.path.toLowerCase());
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('puts every sidebar target and /onboarding under the guarded creator layout (SPEC.md)', () => {
    expect(LAYOUTS.creator.guard).toBe('verified-creator');
    for (const path of [...sidebarPaths, '/onboarding']) {
      expect(routeFor(path), path).toMatchObject({ path, layout: 'creator' });
    }
  });

  it('shows the built creator pages, and the not-found screen on every one not built yet (DESIGN.md "Sidebar routes")', () => {
    const built: Record<string, string> = {
      '/onboarding': 'features/onboarding/OnboardingPage.tsx',
      '/dashboard/overview': 'features/overview/OverviewPage.tsx',
      '/dashboard/reports': 'features/reports/ReportsPage.tsx',
      '/dashboard/activity': 'features/activity/page/ActivityPage.tsx',
      '/support': 'features/support/SupportPage.tsx',
      '/settings/general': 'features/settings/general/GeneralSettingsPage.tsx',
      '/settings/advanced': 'features/settings/advanced/AdvancedSettingsPage.tsx',
      '/settings/import': 'features/settings/import/ImportPage.tsx',
      '/settings/export': 'features/settings/export/ExportPage.tsx',
      '/settings/account': 'features/settings/account/AccountSettingsPage.tsx',
      '/preview-page': 'features/preview/PreviewPage.tsx',
      '/customize-site': 'features/design/CustomizeSitePage.tsx',
      '/upload': 'features/posts/PostsPage.tsx',
      '/upload/posts/new': 'features/posts/PostEditorPage.tsx',
      '/upload/posts/0b5e8f0e-8a0c-4c47-9a3e-1f2d3c4b5a69': 'features/posts/PostEditorPage.tsx',
      '/subscribers': 'features/members/SubscribersPage.tsx',
      '/subscribers/0b5e8f0e-8a0c-4c47-9a3e-1f2d3c4b5a69': 'features/members/MemberPage.tsx',
      '/domain': 'features/domain/DomainPage.tsx',
      '/messages': 'features/messages/inbox/MessagesPage.tsx',
      '/earn': 'features/earn/EarnPage.tsx',
    };
    for (const path of sidebarPaths) expect(routeFor(path).screen, path).toBe(built[path] ?? NOT_FOUND_SCREEN);
    for (const [path, screen] of Object.entries(built)) {
      expect(routeFor(path).screen).toBe(screen);
      expect(`./${screen}` in LAZY_SCREEN_MODULES, screen).toBe(true);
    }
  });

  it('guards /login, /signup and /verify-email as SPEC.md says, and leaves the reset link open', () => {
    expect(routeFor('/login').guard).toBe('guest-only');
    expect(routeFor('/signup').guard).toBe('guest-only');
    expect(routeFor('/verify-email').guard).toBe('signed-in');
    expect(routeFor('/reset-password').guard).toBeUndefined();
  });
});

describe('routeFor', () => {
  it('finds a path with or without a trailing slash, in any case, as react-router does', () => {
    expect(routeFor('/about').path).toBe('/about');
    expect(routeFor('/about/').path).toBe('/about');
    expect(routeFor('/ABOUT').path).toBe('/about');
    expect(routeFor('/').path).toBe('/');
  });

  it('falls back to the catch-all for anything else', () => {
    expect(routeFor('/no/such/page').path).toBe('*');
    expect(routeFor('/about/more').path).toBe('*');
    expect(routeFor('/dashboard').path).toBe('*');
  });

  it('prefers a literal segment to a parameter, and a parameter to the catch-all', () => {
    const table: RouteEntry[] = [
      { path: '*', screen: 'not-found' },
      { path: '/posts/:id', screen: 'post' },
      { path: '/posts/new', screen: 'new-post' },
    ];
    expect(routeFor('/posts/new', table).screen).toBe('new-post');
    expect(routeFor('/posts/42', table).screen).toBe('post');
    expect(routeFor('/posts/42/edit', table).screen).toBe('not-found');
  });
});

describe('routeFor and react-router', () => {
  it('pick the same entry, so the server hints the page the router renders', () => {
    const paths = [...ROUTES.map((route) => route.path).filter((path) => path !== '*'), '/about/', '/Login', '/no/such/page', '/dashboard', '/settings', '/support/more', '/reset-password'];
    for (const path of paths) {
      const byRouter = matchRoutes(ROUTES as RouteEntry[], path)?.[0]?.route.path ?? '*';
      expect(routeFor(path).path, path).toBe(byRouter);
    }
  });
});

describe('modulesFor', () => {
  it('names the layout before the page', () => {
    expect(modulesFor('/onboarding')).toEqual([LAYOUTS.creator.module, 'features/onboarding/OnboardingPage.tsx']);
    expect(modulesFor('/login')).toEqual(['features/sign-in/login/LoginPage.tsx']);
    expect(modulesFor('/')).toEqual([LAYOUTS.public.module, LANDING_SCREEN]);
  });
});
