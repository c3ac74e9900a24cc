/** The tab's upload queue as React state: re-renders on every change of it. */
import { useSyncExternalStore } from 'react';
import { uploadQueue, type UploadQueue } from './upload-queue.ts';
import type { UploadQueueState } from './upload-queue-state.ts';

export function useUploadQueue(): { queue: UploadQueue; state: UploadQueueState } {
  const queue = uploadQueue();
  const state = useSyncExternalStore(queue.subscribe, queue.getState, queue.getState);
  return { queue, state };
}
