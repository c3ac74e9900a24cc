/**
 * A message about a whole form or screen. The live region is always in the
 * page, so screen readers announce text as it appears: errors assertively
 * (role="alert") unless told otherwise, everything else politely (role="status").
 * A region keeps its role for its whole life: a role that changes as the
 * message appears is not reliably announced.
 */
import type { ReactNode } from 'react';

type Tone = 'info' | 'success' | 'error';

interface LiveMessageProps {
  tone?: Tone | undefined;
  /** Fix the politeness when one region shows messages of several tones. */
  assertive?: boolean;
  children?: ReactNode;
}

export function LiveMessage({ tone = 'info', assertive = tone === 'error', children }: LiveMessageProps) {
  const hasContent = children !== undefined && children !== null && children !== false && children !== '';
  return (
    <div role={assertive ? 'alert' : 'status'}>
      {hasContent && <p className={`notice notice--${tone}`}>{children}</p>}
    </div>
  );
}
