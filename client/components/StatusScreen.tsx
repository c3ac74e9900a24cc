/** The full-screen layout shared by the maintenance, not-found and error screens. */
import type { ReactNode } from 'react';
import { MainLandmark } from './MainLandmark.tsx';
import './StatusScreen.css';

interface StatusScreenProps {
  /** Large decorative figure above the heading, such as '404'. */
  badge?: string;
  heading: string;
  children?: ReactNode;
  actions?: ReactNode;
}

export function StatusScreen({ badge, heading, children, actions }: StatusScreenProps) {
  return (
    <MainLandmark className="status-screen">
      <div className="status-screen__panel">
        {badge && (
          <p className="status-screen__badge" aria-hidden="true">
            {badge}
          </p>
        )}
        <h1 className="status-screen__heading">{heading}</h1>
        {children && <div className="status-screen__body">{children}</div>}
        {actions && <div className="status-screen__actions">{actions}</div>}
      </div>
    </MainLandmark>
  );
}
