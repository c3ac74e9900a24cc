/**
 * Entry point. The boot state the server wrote into index.html seeds the
 * maintenance flag, the user and the public config, so the first paint skips
 * the loading screen; without it (vite dev) the app asks the API first. When
 * the server also sent the page itself as HTML (a signed-out visit to a public
 * page, docs/decisions/033), the app hydrates that HTML instead of painting anew.
 */
import { startTransition } from 'react';
import { hydrateRoot, createRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { BrowserRouter } from 'react-router';
import { App } from './App.tsx';
import { readBootState } from './app/boot-state.ts';
import { installHistoryGuard } from './app/history-guard.ts';
import { preloadScreenFor } from './router.tsx';
import './styles/global.css';

/** How long the first paint may wait for the opened page's chunk before showing its spinner instead. */
const FIRST_PAINT_WAIT_MS = 1_500;

const boot = readBootState(document);
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element.');

// Before the router listens to history steps, so a page with unsaved changes hears of them first.
installHistoryGuard();
const app = <App boot={boot} router={(routes) => <BrowserRouter>{routes}</BrowserRouter>} />;
const firstScreen = boot?.maintenance ? Promise.resolve() : preloadScreenFor(window.location.pathname);

if (container.firstElementChild) {
  // The page is already painted; hydrating once its chunk is in means no screen suspends, so nothing is swapped for a spinner.
  // As a transition, React hydrates in slices of a few milliseconds and yields between them, rather than in one long
  // task that blocks input (Lighthouse's total blocking time); a click meanwhile hydrates its part of the page first.
  void firstScreen.then(() => startTransition(() => void hydrateRoot(container, app)));
} else {
  // A deep link paints its page once, complete, rather than an empty frame and then a spinner.
  const root = createRoot(container);
  const shortWait = new Promise<void>((resolve) => window.setTimeout(resolve, FIRST_PAINT_WAIT_MS));
  void Promise.race([firstScreen, shortWait]).then(() => flushSync(() => root.render(app)));
}
