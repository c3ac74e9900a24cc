import { describe, expect, it } from 'vitest';
import { EMPTY_QUEUE, hiddenMediaIds, isOpen, uploadQueueReducer, type UploadAction, type UploadQueueState } from './upload-queue-state.ts';

const run = (...actions: UploadAction[]): UploadQueueState => actions.reduce(uploadQueueReducer, EMPTY_QUEUE);
const added = (key: string, bytesTotal = 100): UploadAction => ({ type: 'added', item: { key, name: `${key}.png`, kind: 'image', bytesTotal } });

describe('the upload queue state', () => {
  it('starts an added file at 0 bytes and counts its progress', () => {
    const state = run(added('a'), { type: 'progress', key: 'a', bytesSent: 40, bytesTotal: 100 });
    expect(state.items).toEqual([{ key: 'a', name: 'a.png', kind: 'image', bytesTotal: 100, bytesSent: 40, phase: 'uploading', resumed: false }]);
  });

  it('keeps a paused upload paused when a late progress or retry event arrives, and resumes it on restart', () => {
    const paused = run(added('a'), { type: 'progress', key: 'a', bytesSent: 10, bytesTotal: 100 }, { type: 'paused', key: 'a' });
    const late = run(added('a'), { type: 'progress', key: 'a', bytesSent: 10, bytesTotal: 100 }, { type: 'paused', key: 'a' }, { type: 'progress', key: 'a', bytesSent: 20, bytesTotal: 100 }, { type: 'retrying', key: 'a' });
    expect(paused.items[0]!.phase).toBe('paused');
    expect(late.items[0]).toMatchObject({ phase: 'paused', bytesSent: 10 });
    expect(uploadQueueReducer(late, { type: 'restarted', key: 'a' }).items[0]!.phase).toBe('uploading');
  });

  it('shows a failure with its words, clears them when the upload goes on, and restarts a failed upload', () => {
    const failed = run(added('a'), { type: 'failed', key: 'a', error: 'Connection lost' });
    expect(failed.items[0]).toMatchObject({ phase: 'failed', error: 'Connection lost' });
    const again = run(added('a'), { type: 'failed', key: 'a', error: 'Connection lost' }, { type: 'restarted', key: 'a' }, { type: 'progress', key: 'a', bytesSent: 50, bytesTotal: 100 });
    expect(again.items[0]).toMatchObject({ phase: 'uploading', bytesSent: 50 });
    expect(again.items[0]!.error).toBeUndefined();
  });

  it('finishes at every byte, and a cancelled upload cannot be revived by a late event', () => {
    expect(run(added('a'), { type: 'succeeded', key: 'a' }).items[0]).toMatchObject({ phase: 'done', bytesSent: 100 });
    const cancelled = run(added('a'), { type: 'cancelled', key: 'a' }, { type: 'progress', key: 'a', bytesSent: 90, bytesTotal: 100 }, { type: 'failed', key: 'a', error: 'x' }, { type: 'restarted', key: 'a' });
    expect(cancelled.items[0]).toMatchObject({ phase: 'cancelled', bytesSent: 0 });
  });

  it('dismisses finished items and refusals, never an upload still open', () => {
    const state = run(added('open'), added('done'), { type: 'succeeded', key: 'done' }, { type: 'refused', file: { key: 'r', name: 'x.exe', reason: 'no' } });
    const dismissals: UploadAction[] = [{ type: 'dismissed', key: 'open' }, { type: 'dismissed', key: 'done' }, { type: 'dismissed', key: 'r' }];
    const after = dismissals.reduce(uploadQueueReducer, state);
    expect(after.items.map((item) => item.key)).toEqual(['open']);
    expect(after.refused).toEqual([]);
  });

  it('hides from the library the media of open uploads and of cancelled ones, not of finished ones', () => {
    const state = run(
      added('a'),
      added('b'),
      added('c'),
      added('d'),
      { type: 'created', key: 'a', mediaId: 'm-a' },
      { type: 'created', key: 'b', mediaId: 'm-b' },
      { type: 'created', key: 'd', mediaId: 'm-d' },
      { type: 'succeeded', key: 'b' },
      { type: 'cancelled', key: 'd' },
      { type: 'dismissed', key: 'd' },
    );
    expect(hiddenMediaIds(state)).toEqual(new Set(['m-a', 'm-d']));
    expect(state.items.filter(isOpen).map((item) => item.key)).toEqual(['a', 'c']);
  });

  it('takes an unfinished upload of an earlier visit off the list once its file continues', () => {
    const unfinished = [
      { storageKey: 's1', uploadUrl: '/api/uploads/1', name: 'film.mp4', bytesTotal: 100, startedAt: '2026-11-23T10:00:00Z' },
      { storageKey: 's2', uploadUrl: '/api/uploads/2', name: 'song.mp3', bytesTotal: 50, startedAt: '2026-11-23T10:01:00Z' },
    ];
    const state = run({ type: 'unfinished-found', unfinished }, added('a'), { type: 'resuming-earlier', key: 'a', storageKey: 's1' });
    expect(state.unfinished.map((entry) => entry.storageKey)).toEqual(['s2']);
    expect(state.items[0]!.resumed).toBe(true);
    const discarded = uploadQueueReducer(state, { type: 'unfinished-discarded', storageKey: 's2', mediaId: '2' });
    expect(discarded.unfinished).toEqual([]);
    expect(hiddenMediaIds(discarded)).toEqual(new Set(['2']));
  });

  it('returns the same state for an event about an unknown upload', () => {
    const state = run(added('a'));
    expect(uploadQueueReducer(state, { type: 'progress', key: 'nope', bytesSent: 1, bytesTotal: 2 })).toBe(state);
  });
});
