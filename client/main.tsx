/**
 * Entry point. The boot state the server wrote into index.html seeds the
 * maintenance flag, the user and the public config, so the first paint skips
 * the loading screen; without it (vite dev) the app asks the API first.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { BrowserRouter } from 'react-router';
import { AppErrorBoundary } from './app/AppErrorBoundary.tsx';
import { AuthProvider } from './app/auth.tsx';
import { readBootState } from './app/boot-state.ts';
import { MaintenanceGate } from './app/MaintenanceGate.tsx';
import { PublicConfigProvider } from './app/public-config.tsx';
import { RouteFocus } from './app/RouteFocus.tsx';
import { ScrollToTop } from './app/ScrollToTop.tsx';
import { AppRoutes, preloadScreenFor } from './router.tsx';
import './styles/global.css';

/** How long the first paint may wait for the opened page's chunk before showing its spinner instead. */
const FIRST_PAINT_WAIT_MS = 1_500;

const boot = readBootState(document);
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element.');
const root = createRoot(container);

const app = (
  <StrictMode>
    <PublicConfigProvider initialConfig={boot?.config}>
      <AuthProvider initialUser={boot ? boot.user : undefined}>
        <MaintenanceGate initialMaintenance={boot?.maintenance} loadingBackground="var(--color-surface-alt)">
          <BrowserRouter>
            <ScrollToTop />
            <RouteFocus />
            <AppErrorBoundary>
              <AppRoutes />
            </AppErrorBoundary>
          </BrowserRouter>
        </MaintenanceGate>
      </AuthProvider>
    </PublicConfigProvider>
  </StrictMode>
);

// A deep link paints its page once, complete, rather than an empty frame and then a spinner.
const firstScreen = boot?.maintenance ? Promise.resolve() : preloadScreenFor(window.location.pathname);
const shortWait = new Promise<void>((resolve) => window.setTimeout(resolve, FIRST_PAINT_WAIT_MS));
void Promise.race([firstScreen, shortWait]).then(() => flushSync(() => root.render(app)));
