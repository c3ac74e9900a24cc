/** The boundary around each lazily loaded screen: layouts stay put while the screen's chunk loads. */
import { Suspense, type ReactNode } from 'react';
import { Spinner } from '../components/Spinner.tsx';

export function RouteSuspense({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <div className="route-fallback" role="status">
          <Spinner size="lg" />
          <span className="visually-hidden">Please wait...</span>
        </div>
      }
    >
      {children}
    </Suspense>
  );
}
