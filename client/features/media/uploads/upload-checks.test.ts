import { describe, expect, it } from 'vitest';
import { ACCEPTED_MEDIA_TYPES } from '../../../../common/media.ts';
import { REFUSAL_COPY } from '../../../content/media.ts';
import { ACCEPT_ATTRIBUTE, checkFile, mediaIdOf, mediaTypeOf } from './upload-checks.ts';

const GIB = 1024 ** 3;

describe('checkFile', () => {
  it('accepts every type of common/media.ts with its kind', () => {
    for (const [type, kind] of Object.entries(ACCEPTED_MEDIA_TYPES)) {
      expect(checkFile({ name: 'x', type, size: 10 }, GIB)).toEqual({ ok: true, type, kind });
    }
  });

  it('refuses another type, an empty file and one over the limit, each with its own words', () => {
    expect(checkFile({ name: 'run.exe', type: 'application/x-msdownload', size: 10 }, GIB)).toEqual({ ok: false, reason: REFUSAL_COPY.type });
    expect(checkFile({ name: 'page.html', type: 'text/html', size: 10 }, GIB)).toEqual({ ok: false, reason: REFUSAL_COPY.type });
    expect(checkFile({ name: 'a.png', type: 'image/png', size: 0 }, GIB)).toEqual({ ok: false, reason: REFUSAL_COPY.empty });
    expect(checkFile({ name: 'a.mp4', type: 'video/mp4', size: 5 * GIB + 1 }, 5 * GIB)).toEqual({ ok: false, reason: 'This file is larger than the 5 GB limit.' });
  });

  it('takes the limit itself as allowed', () => {
    expect(checkFile({ name: 'a.mp4', type: 'video/mp4', size: 5 * GIB }, 5 * GIB).ok).toBe(true);
  });
});

describe('mediaTypeOf', () => {
  it('prefers the declared type and reads the extension only when the browser gave none', () => {
    expect(mediaTypeOf({ name: 'song.m4a', type: '', size: 1 })).toBe('audio/mp4');
    expect(mediaTypeOf({ name: 'Scan.PDF', type: '', size: 1 })).toBe('application/pdf');
    expect(mediaTypeOf({ name: 'photo.png', type: 'IMAGE/JPEG', size: 1 })).toBe('image/jpeg');
    expect(mediaTypeOf({ name: 'notes', type: '', size: 1 })).toBe('');
    expect(mediaTypeOf({ name: 'archive.zip', type: '', size: 1 })).toBe('application/zip');
    expect(mediaTypeOf({ name: 'archive.rar', type: '', size: 1 })).toBe('');
  });

  it('maps only to accepted types', () => {
    for (const extension of ['jpg', 'png', 'webp', 'gif', 'avif', 'mp4', 'mov', 'webm', 'mp3', 'm4a', 'wav', 'ogg', 'flac', 'pdf', 'zip']) {
      expect(ACCEPTED_MEDIA_TYPES[mediaTypeOf({ name: `a.${extension}`, type: '', size: 1 })], extension).toBeDefined();
    }
  });
});

describe('ACCEPT_ATTRIBUTE', () => {
  it('lists the accepted types and their extensions', () => {
    const parts = ACCEPT_ATTRIBUTE.split(',');
    expect(parts).toContain('image/jpeg');
    expect(parts).toContain('application/pdf');
    expect(parts).toContain('.m4a');
    expect(parts).not.toContain('text/html');
  });
});

describe('mediaIdOf', () => {
  it('is the last segment of the upload URL, absolute or not', () => {
    expect(mediaIdOf('http://localhost:3000/api/uploads/0192f1e2-aaaa-7bbb-8ccc-123456789abc')).toBe('0192f1e2-aaaa-7bbb-8ccc-123456789abc');
    expect(mediaIdOf('/api/uploads/abc123/')).toBe('abc123');
    expect(mediaIdOf('/api/uploads/abc?x=1')).toBe('abc');
  });
});
