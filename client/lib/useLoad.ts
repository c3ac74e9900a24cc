/**
 * Loading one thing for a screen: the request runs once on mount and again on
 * `reload`, an answer that arrives after the screen left (or after a newer
 * request started) is dropped, and a failure keeps its error code for the
 * caller's own words. The studio's loaders (plan, payments, site, overview)
 * share it.
 */
import { useCallback, useEffect, useState } from 'react';
import type { ErrorCode } from '../../common/error-codes.ts';
import { toErrorCode } from './api.ts';

export type Loaded<T> = { state: 'loading' } | { state: 'failed'; code: ErrorCode } | { state: 'ready'; data: T };

export function useLoad<T>(load: (signal: AbortSignal) => Promise<T>): { loaded: Loaded<T>; reload: () => void } {
  const [loaded, setLoaded] = useState<Loaded<T>>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  // The first render's `load` is kept: callers pass an inline function, which must not make every render a new request.
  const [firstLoad] = useState(() => load);
  useEffect(() => {
    const controller = new AbortController();
    firstLoad(controller.signal)
      .then((data) => setLoaded({ state: 'ready', data }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setLoaded({ state: 'failed', code: toErrorCode(error) });
      });
    return () => controller.abort();
  }, [attempt, firstLoad]);
  const reload = useCallback(() => {
    setLoaded({ state: 'loading' });
    setAttempt((count) => count + 1);
  }, []);
  return { loaded, reload };
}
