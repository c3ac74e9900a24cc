/**
 * The creator's media from GET /api/media, for a search and a kind. While an
 * item is processing the list is asked again every 2 seconds, so progress and
 * the end of processing show without a reload; polling stops when nothing is
 * processing. The upload queue's changes (an upload created, finished,
 * cancelled) ask again at once. A reload keeps what is shown until the answer
 * comes, so the grid does not flash.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import * as mediaApi from '../../../../common/api/media.ts';
import type { MediaItem, MediaQuery } from '../../../../common/api/media.ts';
import type { ErrorCode } from '../../../../common/error-codes.ts';
import { call, toErrorCode } from '../../../lib/api.ts';
import { uploadQueue } from './upload-queue.ts';

export const PROCESSING_POLL_MS = 2000;

export type MediaListState =
  | { phase: 'loading'; media: MediaItem[] }
  | { phase: 'ready'; media: MediaItem[] }
  | { phase: 'error'; media: MediaItem[]; code: ErrorCode };

export function needsPolling(media: readonly MediaItem[]): boolean {
  return media.some((item) => item.status === 'processing');
}

export function useMediaList(query: MediaQuery): { state: MediaListState; reload: () => void } {
  const [state, setState] = useState<MediaListState>({ phase: 'loading', media: [] });
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((current) => current + 1), []);
  const { q, kind, status } = query;
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    const controller = new AbortController();
    clearTimeout(timer.current);
    call(mediaApi.listMedia, { query: { q: q || undefined, kind, status }, signal: controller.signal }).then(
      (answer) => {
        // An abort while the body was read resolves without an answer: a newer request has taken over.
        if (controller.signal.aborted) return;
        const { media } = answer;
        setState({ phase: 'ready', media });
        if (needsPolling(media)) timer.current = setTimeout(reload, PROCESSING_POLL_MS);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState((current) => ({ phase: 'error', media: current.media, code: toErrorCode(error) }));
      },
    );
    return () => {
      controller.abort();
      clearTimeout(timer.current);
    };
  }, [q, kind, status, version, reload]);

  useEffect(() => uploadQueue().onMediaChanged(reload), [reload]);

  return { state, reload };
}
