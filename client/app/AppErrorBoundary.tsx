/**
 * The router's default failure screen (SPEC.md section 8). React still needs a
 * class for error boundaries. It resets when the path changes, so the user can
 * navigate away; a failed lazy chunk (often a stale deploy) is fixed by reloading.
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Button } from '../components/Button.tsx';
import { StatusScreen } from '../components/StatusScreen.tsx';

interface BoundaryProps {
  resetKey: string;
  children: ReactNode;
}

interface BoundaryState {
  error: Error | undefined;
  resetKey: string;
}

class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: undefined, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { error: undefined, resetKey: props.resetKey };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Unexpected application error', error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <StatusScreen
        heading="Unexpected Application Error!"
        actions={
          <>
            <Button variant="light" onClick={() => window.location.reload()}>
              Reload page
            </Button>
            <Button to="/">Back to Landing Page</Button>
          </>
        }
      >
        <p>{error.message}</p>
      </StatusScreen>
    );
  }
}

export function AppErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <ErrorBoundary resetKey={pathname}>{children}</ErrorBoundary>;
}
