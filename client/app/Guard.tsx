/** Applies one of the route guards of guard-decisions.ts to the screen inside it. */
import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAuth } from './auth.tsx';
import type { AuthState, GuardDecision } from './guard-decisions.ts';
import { useLandOnHome } from './useLandOnHome.ts';

interface GuardProps {
  decide: (user: AuthState, pathname: string) => GuardDecision;
  children?: ReactNode;
}

/** Renders nothing while the account is sent where it belongs. */
function LandOnHome() {
  const land = useLandOnHome();
  useEffect(() => {
    const controller = new AbortController();
    void land(controller.signal);
    return () => controller.abort();
  }, [land]);
  return null;
}

export function Guard({ decide, children }: GuardProps) {
  const { user } = useAuth();
  const { pathname } = useLocation();
  const decision = decide(user, pathname);
  if (decision.action === 'wait') return null;
  if (decision.action === 'land') return <LandOnHome />;
  if (decision.action === 'redirect') return <Navigate to={decision.to} replace />;
  return children;
}
