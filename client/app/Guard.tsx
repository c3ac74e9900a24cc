/** Applies one of the route guards of guard-decisions.ts to the screen inside it. */
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useAuth } from './auth.tsx';
import type { AuthState, GuardDecision } from './guard-decisions.ts';

interface GuardProps {
  decide: (user: AuthState) => GuardDecision;
  children?: ReactNode;
}

export function Guard({ decide, children }: GuardProps) {
  const { user } = useAuth();
  const decision = decide(user);
  if (decision.action === 'wait') return null;
  if (decision.action === 'redirect') return <Navigate to={decision.to} replace />;
  return children;
}
