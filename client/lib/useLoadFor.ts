/**
 * Like useLoad, for a screen whose request depends on what the reader chose
 * (a report's range, an activity filter): a new `key` loads again, and an
 * answer is shown only for the key and attempt it was asked for, so a late
 * answer to an older choice never shows.
 */
import { useCallback, useEffect, useState } from 'react';
import type { ErrorCode } from '../../common/error-codes.ts';
import { toErrorCode } from './api.ts';
import type { Loaded } from './useLoad.ts';

export function useLoadFor<Key, T>(key: Key, load: (key: Key, signal: AbortSignal) => Promise<T>): { loaded: Loaded<T>; reload: () => void; replace: (data: T) => void } {
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<{ key: Key; attempt: number; loaded: { state: 'failed'; code: ErrorCode } | { state: 'ready'; data: T } }>();
  // The first render's `load` is kept: callers pass an inline function.
  const [firstLoad] = useState(() => load);
  useEffect(() => {
    const controller = new AbortController();
    firstLoad(key, controller.signal)
      .then((data) => setResult({ key, attempt, loaded: { state: 'ready', data } }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setResult({ key, attempt, loaded: { state: 'failed', code: toErrorCode(error) } });
      });
    return () => controller.abort();
  }, [key, attempt, firstLoad]);
  const reload = useCallback(() => setAttempt((count) => count + 1), []);
  const replace = useCallback((data: T) => setResult({ key, attempt, loaded: { state: 'ready', data } }), [key, attempt]);
  const loaded: Loaded<T> = result && result.key === key && result.attempt === attempt ? result.loaded : { state: 'loading' };
  return { loaded, reload, replace };
}
