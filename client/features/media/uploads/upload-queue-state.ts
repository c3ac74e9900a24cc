/**
 * The upload queue's state as plain data and one reducer, so the rules (what
 * a pause, a failure or a cancel does to an item; which items still count as
 * in flight) are tested without a browser. upload-queue.ts drives tus and
 * turns its callbacks into these actions.
 */
import type { MediaKind } from '../../../../common/media.ts';

export type UploadPhase = 'starting' | 'uploading' | 'retrying' | 'paused' | 'failed' | 'done' | 'cancelled';

export interface UploadItem {
  key: string;
  name: string;
  kind: MediaKind;
  bytesTotal: number;
  bytesSent: number;
  phase: UploadPhase;
  /** Set once the server has created the upload: the media row's id. */
  mediaId?: string;
  /** Continues an upload begun earlier (after a reload or a dropped connection). */
  resumed: boolean;
  error?: string;
}

/** A file refused before upload, with the reason in words. */
export interface RefusedFile {
  key: string;
  name: string;
  reason: string;
}

/** An upload of an earlier visit that tus remembers (its URL is in localStorage) and that can continue if its file is chosen again. */
export interface UnfinishedUpload {
  storageKey: string;
  uploadUrl: string;
  name: string;
  bytesTotal: number;
  startedAt: string;
}

export interface UploadQueueState {
  items: UploadItem[];
  refused: RefusedFile[];
  unfinished: UnfinishedUpload[];
  /** Media ids of uploads this tab cancelled or discarded: gone, even if a list fetched a moment before says otherwise. */
  terminated: string[];
}

export type UploadAction =
  | { type: 'added'; item: Pick<UploadItem, 'key' | 'name' | 'kind' | 'bytesTotal'> }
  | { type: 'refused'; file: RefusedFile }
  | { type: 'resuming-earlier'; key: string; storageKey: string }
  | { type: 'created'; key: string; mediaId: string | undefined }
  | { type: 'progress'; key: string; bytesSent: number; bytesTotal: number }
  | { type: 'retrying'; key: string }
  | { type: 'paused'; key: string }
  | { type: 'restarted'; key: string }
  | { type: 'failed'; key: string; error: string }
  | { type: 'succeeded'; key: string }
  | { type: 'cancelled'; key: string }
  | { type: 'dismissed'; key: string }
  | { type: 'unfinished-found'; unfinished: UnfinishedUpload[] }
  | { type: 'unfinished-discarded'; storageKey: string; mediaId: string | undefined };

export const EMPTY_QUEUE: UploadQueueState = { items: [], refused: [], unfinished: [], terminated: [] };

/** Phases in which an item still holds an upload that can go on. */
const OPEN_PHASES: ReadonlySet<UploadPhase> = new Set(['starting', 'uploading', 'retrying', 'paused', 'failed']);

export function isOpen(item: UploadItem): boolean {
  return OPEN_PHASES.has(item.phase);
}

/**
 * The media ids the library leaves out: uploads still in this queue (shown
 * there, not twice) and uploads this tab terminated (the server may answer
 * the list before it has removed the row).
 */
export function hiddenMediaIds(state: UploadQueueState): Set<string> {
  return new Set([...state.items.filter(isOpen).flatMap((item) => (item.mediaId ? [item.mediaId] : [])), ...state.terminated]);
}

function updateItem(state: UploadQueueState, key: string, change: (item: UploadItem) => UploadItem): UploadQueueState {
  let changed = false;
  const items = state.items.map((item) => {
    if (item.key !== key) return item;
    const next = change(item);
    changed ||= next !== item;
    return next;
  });
  return changed ? { ...state, items } : state;
}

export function uploadQueueReducer(state: UploadQueueState, action: UploadAction): UploadQueueState {
  switch (action.type) {
    case 'added':
      return { ...state, items: [...state.items, { ...action.item, bytesSent: 0, phase: 'starting', resumed: false }] };
    case 'refused':
      return { ...state, refused: [...state.refused, action.file] };
    case 'resuming-earlier':
      return {
        ...updateItem(state, action.key, (item) => ({ ...item, resumed: true })),
        unfinished: state.unfinished.filter((entry) => entry.storageKey !== action.storageKey),
      };
    case 'created':
      return updateItem(state, action.key, (item) => (action.mediaId && item.mediaId !== action.mediaId ? { ...item, mediaId: action.mediaId } : item));
    case 'progress':
      // A late progress event of an upload already paused or cancelled does not bring it back.
      return updateItem(state, action.key, (item) =>
        item.phase === 'starting' || item.phase === 'uploading' || item.phase === 'retrying'
          ? { ...item, phase: 'uploading', bytesSent: Math.min(action.bytesSent, action.bytesTotal), bytesTotal: action.bytesTotal, error: undefined }
          : item,
      );
    case 'retrying':
      return updateItem(state, action.key, (item) => (isOpen(item) && item.phase !== 'paused' ? { ...item, phase: 'retrying' } : item));
    case 'paused':
      return updateItem(state, action.key, (item) => (isOpen(item) ? { ...item, phase: 'paused' } : item));
    case 'restarted':
      return updateItem(state, action.key, (item) => (item.phase === 'paused' || item.phase === 'failed' ? { ...item, phase: 'uploading', error: undefined } : item));
    case 'failed':
      return updateItem(state, action.key, (item) => (isOpen(item) && item.phase !== 'paused' ? { ...item, phase: 'failed', error: action.error } : item));
    case 'succeeded':
      return updateItem(state, action.key, (item) => ({ ...item, phase: 'done', bytesSent: item.bytesTotal, error: undefined }));
    case 'cancelled': {
      const cancelled = state.items.find((item) => item.key === action.key && isOpen(item));
      if (!cancelled) return state;
      const next = updateItem(state, action.key, (item) => ({ ...item, phase: 'cancelled' }));
      return cancelled.mediaId ? { ...next, terminated: [...next.terminated, cancelled.mediaId] } : next;
    }
    case 'dismissed':
      return {
        ...state,
        items: state.items.filter((item) => item.key !== action.key || isOpen(item)),
        refused: state.refused.filter((file) => file.key !== action.key),
      };
    case 'unfinished-found':
      return { ...state, unfinished: action.unfinished };
    case 'unfinished-discarded':
      return {
        ...state,
        unfinished: state.unfinished.filter((entry) => entry.storageKey !== action.storageKey),
        terminated: action.mediaId ? [...state.terminated, action.mediaId] : state.terminated,
      };
  }
}
