/** The two moments before a studio page has its data: still loading, and could not load (with a way to try again). */
import { Button } from './Button.tsx';
import { LiveMessage } from './LiveMessage.tsx';
import { Spinner } from './Spinner.tsx';
import './LoadStatus.css';

export function Loading({ children }: { children: string }) {
  return (
    <p className="load-status__loading" role="status">
      <Spinner size="sm" /> {children}
    </p>
  );
}

export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="load-status__failed">
      <LiveMessage tone="error">{message}</LiveMessage>
      <Button variant="secondary" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
