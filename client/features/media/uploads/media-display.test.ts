import { describe, expect, it } from 'vitest';
import type { MediaItem } from '../../../../common/api/media.ts';
import { statusText } from './MediaStatusBadge.tsx';
import { thumbnailOf } from './MediaThumbnail.tsx';
import { needsPolling } from './useMediaList.ts';

const item = (overrides: Partial<MediaItem>): MediaItem => ({
  id: 'm1',
  kind: 'image',
  originalName: 'a.png',
  type: 'image/png',
  bytes: 10,
  status: 'ready',
  progress: 100,
  failureReason: null,
  alt: '',
  width: null,
  height: null,
  durationSeconds: null,
  usedBy: 0,
  createdAt: '2026-11-23T10:00:00Z',
  urls: { original: '/media/m1/t/original' },
  ...overrides,
});

describe('statusText', () => {
  it('says each status, with the progress of processing and the reason of a failure', () => {
    expect(statusText(item({ status: 'uploading', progress: 0 }))).toBe('Uploading');
    expect(statusText(item({ status: 'processing', progress: 41.6 }))).toBe('Processing 42%');
    expect(statusText(item({ status: 'processing', progress: 140 }))).toBe('Processing 100%');
    expect(statusText(item({ status: 'ready' }))).toBe('Ready');
    expect(statusText(item({ status: 'failed', failureReason: 'This video could not be read.' }))).toBe('Failed: This video could not be read.');
    expect(statusText(item({ status: 'failed', failureReason: null }))).toBe('Failed');
  });
});

describe('thumbnailOf', () => {
  it('takes the thumbnail, else the smallest width of an image, else the poster of a video; audio and PDFs have icons', () => {
    expect(thumbnailOf(item({ urls: { original: 'o', thumbnail: 't', images: [{ width: 320, url: 'w320' }] } }))).toBe('t');
    expect(thumbnailOf(item({ urls: { original: 'o', images: [{ width: 320, url: 'w320' }] } }))).toBe('w320');
    expect(thumbnailOf(item({ kind: 'video', urls: { original: 'o', poster: 'p' } }))).toBe('p');
    expect(thumbnailOf(item({ kind: 'audio', urls: { original: 'o', thumbnail: 't' } }))).toBeUndefined();
    expect(thumbnailOf(item({ kind: 'file', urls: { original: 'o' } }))).toBeUndefined();
    expect(thumbnailOf(item({ urls: { original: 'o' } }))).toBeUndefined();
  });
});

describe('needsPolling', () => {
  it('is true while anything is processing, and only then', () => {
    expect(needsPolling([item({ status: 'ready' }), item({ status: 'processing' })])).toBe(true);
    expect(needsPolling([item({ status: 'ready' }), item({ status: 'failed' }), item({ status: 'uploading' })])).toBe(false);
    expect(needsPolling([])).toBe(false);
  });
});
