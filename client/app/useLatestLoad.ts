/**
 * Like useLoadFor, for a list or a panel that keeps showing what it had while
 * the next answer comes (a new filter or search, a poll every few seconds):
 * the last answer that arrived stays, with the key it answers, so the caller
 * can mark it busy; a failure is shown until the next answer settles. The
 * request itself (its abort when the key changes or the screen leaves, a new
 * attempt on `reload`) is useLoadFor's. `forget` drops what is kept, for a
 * "Try again" that shows the loading state. docs/decisions/140.
 */
import { useCallback, useState } from 'react';
import type { ErrorCode } from '../../common/error-codes.ts';
import { toErrorCode } from '../lib/api.ts';
import { useLoadFor } from '../lib/useLoadFor.ts';

interface Kept<Key, T> {
  /** The last answer that arrived, with the key it was asked for. */
  ready?: { key: Key; data: T };
  /** Set when the latest request to settle failed; cleared by the next answer. */
  failed?: { key: Key; code: ErrorCode };
}

export function useLatestLoad<Key, T>(key: Key, load: (key: Key, signal: AbortSignal) => Promise<T>) {
  const [kept, setKept] = useState<Kept<Key, T>>({});
  // The first render's `load` is kept, as useLoadFor keeps it.
  const [firstLoad] = useState(() => load);
  const record = useCallback(
    (asked: Key, signal: AbortSignal) =>
      firstLoad(asked, signal).then(
        (data) => {
          setKept({ ready: { key: asked, data } });
          return data;
        },
        (error: unknown) => {
          if (!signal.aborted) setKept((current) => ({ ...current, failed: { key: asked, code: toErrorCode(error) } }));
          throw error;
        },
      ),
    [firstLoad],
  );
  const { reload } = useLoadFor(key, record);
  const forget = useCallback(() => setKept({}), []);
  /** Shows `data` for `key` at once, as if the server had answered it (an optimistic change). */
  const replace = useCallback((data: T) => setKept({ ready: { key, data } }), [key]);
  return { ready: kept.ready, failed: kept.failed, reload, forget, replace };
}
