/**
 * The tab's upload queue: tus uploads to /api/uploads (DESIGN.md "HTTP API
 * added"), one per file, that keep going while the creator moves around the
 * studio (the queue lives as long as the tab, not as long as a page). Chunks of
 * 8 MiB bound what a dropped connection loses; tus retries with growing delays
 * and resumes from the server's offset. tus-js-client keeps each upload's URL
 * in localStorage, so after a reload the same file, chosen again, continues
 * where it stopped (docs/decisions/038-resumable-uploads-in-the-browser.md).
 * What tus's answers mean (retry, the words of a failure) is tus-answers.ts.
 */
import { DetailedError, Upload, defaultOptions } from 'tus-js-client';
import { UPLOADS_PATH } from '../../../../common/api/media.ts';
import { REFUSAL_COPY, UPLOAD_FAILURE_COPY } from '../../../content/media.ts';
import { failureMessageOf, shouldRetry, unfinishedOf } from './tus-answers.ts';
import { checkFile, mediaIdOf } from './upload-checks.ts';
import { EMPTY_QUEUE, isOpen, uploadQueueReducer, type UnfinishedUpload, type UploadAction, type UploadQueueState } from './upload-queue-state.ts';

const CHUNK_BYTES = 8 * 1024 * 1024;
/** About a minute of retries before an item shows as failed (and the creator can try again). */
const RETRY_DELAYS_MS = [0, 1000, 3000, 5000, 10_000, 20_000, 30_000];
/** A finished or cancelled row stays long enough to be read, then leaves the item to the library. */
const FINISHED_ROW_MS = 5000;

export interface UploadQueue {
  getState: () => UploadQueueState;
  subscribe: (listener: () => void) => () => void;
  /** Checks each file and uploads those that pass; `maxBytes` is the server's limit. */
  add: (files: readonly File[], maxBytes: number) => void;
  /**
   * Uploads one file for a place that shows it itself (the post editor's placeholder): its key in the queue, or
   * why it was refused, which the caller says (the queue keeps no refused row for it).
   */
  addOne: (file: File, maxBytes: number) => { ok: true; key: string } | { ok: false; reason: string };
  pause: (key: string) => void;
  /** Continues a paused or failed upload from the server's offset. */
  resume: (key: string) => void;
  /** Stops the upload and deletes what the server holds of it (tus termination). */
  cancel: (key: string) => void;
  dismiss: (key: string) => void;
  /** Continues an upload of an earlier visit with the file chosen again for it. */
  resumeUnfinished: (entry: UnfinishedUpload, file: File, maxBytes: number) => void;
  /** Forgets an upload of an earlier visit and deletes what the server holds of it. */
  discardUnfinished: (entry: UnfinishedUpload) => void;
  /** Told whenever the server's media list changed because of the queue: an upload created, finished or cancelled. */
  onMediaChanged: (listener: () => void) => () => void;
}

/** The same file (as far as the browser can tell) is already in the queue and not finished. */
function sameFile(a: { name: string; bytesTotal: number }, file: File): boolean {
  return a.name === file.name && a.bytesTotal === file.size;
}

export function createUploadQueue(): UploadQueue {
  let state: UploadQueueState = EMPTY_QUEUE;
  const listeners = new Set<() => void>();
  const mediaListeners = new Set<() => void>();
  const uploads = new Map<string, Upload>();
  // Uploads stopped because the browser went offline: they go on by themselves when it is back online.
  const waitingForNetwork = new Set<string>();

  const dispatch = (action: UploadAction) => {
    const next = uploadQueueReducer(state, action);
    if (next === state) return;
    state = next;
    for (const listener of listeners) listener();
  };
  const mediaChanged = () => {
    for (const listener of mediaListeners) listener();
  };

  async function startUpload(file: File, type: string, key: string, earlier?: UnfinishedUpload) {
    const upload: Upload = new Upload(file, {
      endpoint: UPLOADS_PATH,
      metadata: { filename: file.name, filetype: type },
      chunkSize: CHUNK_BYTES,
      retryDelays: RETRY_DELAYS_MS,
      removeFingerprintOnSuccess: true,
      onUploadUrlAvailable: () => {
        dispatch({ type: 'created', key, mediaId: upload.url ? mediaIdOf(upload.url) : undefined });
        mediaChanged();
      },
      onProgress: (bytesSent, bytesTotal) => dispatch({ type: 'progress', key, bytesSent, bytesTotal }),
      onShouldRetry: (error) => {
        const retry = shouldRetry(error);
        if (retry) dispatch({ type: 'retrying', key });
        return retry;
      },
      onSuccess: () => {
        uploads.delete(key);
        dispatch({ type: 'succeeded', key });
        mediaChanged();
        setTimeout(() => dispatch({ type: 'dismissed', key }), FINISHED_ROW_MS);
      },
      onError: (error) => {
        const response = error instanceof DetailedError ? error.originalResponse : null;
        if (!response && typeof navigator !== 'undefined' && navigator.onLine === false) {
          waitingForNetwork.add(key);
          return dispatch({ type: 'failed', key, error: UPLOAD_FAILURE_COPY.offline });
        }
        dispatch({ type: 'failed', key, error: failureMessageOf(response?.getStatus() ?? 0, response?.getBody() ?? '') });
      },
    });
    uploads.set(key, upload);
    try {
      const previous = await upload.findPreviousUploads();
      const chosen = earlier ? previous.find((entry) => entry.urlStorageKey === earlier.storageKey) : previous.sort((a, b) => b.creationTime.localeCompare(a.creationTime))[0];
      if (chosen) {
        upload.resumeFromPreviousUpload(chosen);
        dispatch({ type: 'resuming-earlier', key, storageKey: chosen.urlStorageKey });
      }
    } catch {
      // No readable storage (private mode, storage blocked): the upload simply starts afresh.
    }
    // Paused or cancelled while the storage was read: leave it be.
    if (state.items.find((item) => item.key === key)?.phase !== 'starting') return;
    upload.start();
  }

  function accept(file: File, maxBytes: number, earlier?: UnfinishedUpload): { ok: true; key: string } | { ok: false; reason: string } {
    const key = crypto.randomUUID();
    const check = checkFile(file, maxBytes);
    if (!check.ok) return check;
    if (state.items.some((item) => isOpen(item) && sameFile(item, file))) return { ok: false, reason: REFUSAL_COPY.duplicate };
    dispatch({ type: 'added', item: { key, name: file.name, kind: check.kind, bytesTotal: file.size } });
    void startUpload(file, check.type, key, earlier);
    return { ok: true, key };
  }

  function enqueue(file: File, maxBytes: number, earlier?: UnfinishedUpload) {
    const accepted = accept(file, maxBytes, earlier);
    if (!accepted.ok) dispatch({ type: 'refused', file: { key: crypto.randomUUID(), name: file.name, reason: accepted.reason } });
  }

  const queue: UploadQueue = {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    add(files, maxBytes) {
      for (const file of files) enqueue(file, maxBytes);
    },
    addOne: (file, maxBytes) => accept(file, maxBytes),
    pause(key) {
      waitingForNetwork.delete(key);
      const upload = uploads.get(key);
      if (!upload) return;
      dispatch({ type: 'paused', key });
      void upload.abort(false);
    },
    resume(key) {
      waitingForNetwork.delete(key);
      const upload = uploads.get(key);
      if (!upload) return;
      dispatch({ type: 'restarted', key });
      upload.start();
    },
    cancel(key) {
      waitingForNetwork.delete(key);
      const upload = uploads.get(key);
      uploads.delete(key);
      dispatch({ type: 'cancelled', key });
      setTimeout(() => dispatch({ type: 'dismissed', key }), FINISHED_ROW_MS);
      // If the DELETE cannot reach the server, the server's expiry of unfinished uploads removes it later.
      void upload?.abort(true).catch(() => undefined).then(mediaChanged);
    },
    dismiss(key) {
      dispatch({ type: 'dismissed', key });
    },
    resumeUnfinished(entry, file, maxBytes) {
      if (file.name !== entry.name || file.size !== entry.bytesTotal) {
        return dispatch({ type: 'refused', file: { key: crypto.randomUUID(), name: file.name, reason: REFUSAL_COPY.wrongFile(entry.name) } });
      }
      enqueue(file, maxBytes, entry);
    },
    discardUnfinished(entry) {
      dispatch({ type: 'unfinished-discarded', storageKey: entry.storageKey, mediaId: mediaIdOf(entry.uploadUrl) });
      void Upload.terminate(entry.uploadUrl, { retryDelays: [0, 1000] })
        .catch(() => undefined)
        .then(() => defaultOptions.urlStorage.removeUpload(entry.storageKey))
        .catch(() => undefined)
        .then(mediaChanged);
    },
    onMediaChanged(listener) {
      mediaListeners.add(listener);
      return () => {
        mediaListeners.delete(listener);
      };
    },
  };

  if (typeof window !== 'undefined') {
    window.addEventListener('online', () => {
      for (const key of waitingForNetwork) {
        if (state.items.find((item) => item.key === key)?.phase === 'failed') queue.resume(key);
      }
      waitingForNetwork.clear();
    });
  }

  defaultOptions.urlStorage.findAllUploads().then(
    (previous) => {
      const unfinished = previous.flatMap((entry) => unfinishedOf(entry) ?? []);
      if (unfinished.length > 0) dispatch({ type: 'unfinished-found', unfinished });
    },
    () => undefined,
  );

  return queue;
}

let tabQueue: UploadQueue | undefined;

/** The one queue of this tab, made on first use. */
export function uploadQueue(): UploadQueue {
  tabQueue ??= createUploadQueue();
  return tabQueue;
}
