/**
 * The server's entry (built by `vite build --ssr` into dist/client/.ssr):
 * renders a public page or auth screen as a signed-out visitor sees it, so the
 * server can send its first paint as HTML (docs/decisions/033). It is the same
 * tree client/main.tsx hydrates, with the same boot state, so the two agree.
 */
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import type { PublicConfig } from '../common/api-types.ts';
import { App } from './App.tsx';
import { preloadScreenFor } from './router.tsx';
import { ROUTES } from '../common/routes.ts';

/** The pages whose first paint the server sends: the public site and the two guest-only auth screens. */
export const PRERENDERED_PATHS: readonly string[] = ROUTES.filter((route) => route.prerendered).map((route) => route.path);

/** The markup inside #root for `pathname`, for a signed-out visitor outside maintenance. */
export async function renderPage(pathname: string, config: PublicConfig): Promise<string> {
  if (!PRERENDERED_PATHS.includes(pathname)) throw new Error(`${pathname} is not a pre-rendered page.`);
  // With its chunk loaded, the lazy screen renders at once rather than its Suspense fallback.
  await preloadScreenFor(pathname);
  const boot = { maintenance: false, user: null, config };
  return renderToString(<App boot={boot} router={(routes) => <StaticRouter location={pathname}>{routes}</StaticRouter>} />);
}
