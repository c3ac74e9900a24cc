/**
 * The whole app below its router, shared by the browser entry (client/main.tsx)
 * and the server entry that pre-renders the public pages (client/entry-server.tsx),
 * so the HTML the server sends and the tree the browser hydrates are one tree.
 */
import { StrictMode, type ReactNode } from 'react';
import type { BootState } from '../common/api-types.ts';
import { AppErrorBoundary } from './app/AppErrorBoundary.tsx';
import { AuthProvider } from './app/auth.tsx';
import { MaintenanceGate } from './app/MaintenanceGate.tsx';
import { PublicConfigProvider } from './app/public-config.tsx';
import { RouteFocus } from './app/RouteFocus.tsx';
import { ScrollToTop } from './app/ScrollToTop.tsx';
import { AppRoutes } from './router.tsx';

interface AppProps {
  boot: BootState | undefined;
  /** BrowserRouter in the browser, StaticRouter on the server. */
  router: (routes: ReactNode) => ReactNode;
}

export function App({ boot, router }: AppProps) {
  return (
    <StrictMode>
      <PublicConfigProvider initialConfig={boot?.config}>
        <AuthProvider initialUser={boot ? boot.user : undefined}>
          <MaintenanceGate initialMaintenance={boot?.maintenance} loadingBackground="var(--color-surface-alt)">
            {router(
              <>
                <ScrollToTop />
                <RouteFocus />
                <AppErrorBoundary>
                  <AppRoutes />
                </AppErrorBoundary>
              </>,
            )}
          </MaintenanceGate>
        </AuthProvider>
      </PublicConfigProvider>
    </StrictMode>
  );
}
