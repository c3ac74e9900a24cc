/**
 * App start (SPEC.md): loading until the maintenance flag and auth are both
 * known, then either the maintenance screen in place of the whole app, or the app.
 * An API call answered 503 `maintenance` switches an open tab to the screen.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { api, onMaintenanceAnswer } from '../lib/api.ts';
import MaintenanceScreen from '../features/status-pages/maintenance/MaintenanceScreen.tsx';
import { useAuth } from './auth.tsx';
import { decideAppScreen } from './guard-decisions.ts';
import { LoadingScreen } from './LoadingScreen.tsx';

interface MaintenanceGateProps {
  initialMaintenance: boolean | undefined;
  loadingBackground: string;
  children: ReactNode;
}

export function MaintenanceGate({ initialMaintenance, loadingBackground, children }: MaintenanceGateProps) {
  const [maintenance, setMaintenance] = useState(initialMaintenance);
  const { user } = useAuth();

  useEffect(() => onMaintenanceAnswer(() => setMaintenance(true)), []);

  useEffect(() => {
    let current = true;
    api.getMaintenance().then(
      (fresh) => {
        if (current) setMaintenance(fresh);
      },
      () => {
        // SPEC.md: a failed maintenance fetch means "not in maintenance" (unless the server already said so).
        if (current) setMaintenance((known) => known ?? false);
      },
    );
    return () => {
      current = false;
    };
  }, []);

  switch (decideAppScreen(maintenance, user)) {
    case 'loading':
      return <LoadingScreen background={loadingBackground} />;
    case 'maintenance':
      return <MaintenanceScreen />;
    case 'app':
      return children;
  }
}
