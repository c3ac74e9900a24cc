import { describe, expect, it } from 'vitest';
import { MEDIA_KINDS } from '../../../common/media.ts';
import { confirmedType, demuxerOf, formatFitsKind, sniffFormat, type SniffedFormat } from './sniff.ts';

const bytes = (...parts: (string | number[])[]) => Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'latin1') : Buffer.from(part))));

describe('sniffFormat', () => {
  it.each([
    ['jpeg', bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF')],
    ['png', bytes('\x89PNG\r\n\x1a\n')],
    ['gif', bytes('GIF89a')],
    ['webp', bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 ')],
    ['wav', bytes('RIFF', [0, 0, 0, 0], 'WAVEfmt ')],
    ['avif', bytes([0, 0, 0, 0x1c], 'ftypavif')],
    ['iso-media', bytes([0, 0, 0, 0x18], 'ftypisom')],
    ['matroska', bytes([0x1a, 0x45, 0xdf, 0xa3])],
    ['pdf', bytes('%PDF-1.7')],
    ['zip', bytes('PK\x03\x04')],
    ['zip', bytes('PK\x05\x06')],
    ['ogg', bytes('OggS')],
    ['flac', bytes('fLaC')],
    ['mp3', bytes('ID3')],
    ['unknown', bytes('<html>')],
  ])('tells %s from its first bytes', (format, head) => {
    expect(sniffFormat(head)).toBe(format);
  });

  it('tells a PDF is not an image and an MP4 may be a video or audio', () => {
    expect(formatFitsKind('pdf', 'image')).toBe(false);
    expect(formatFitsKind('zip', 'file')).toBe(true);
    expect(formatFitsKind('zip', 'image')).toBe(false);
    expect(formatFitsKind('iso-media', 'video')).toBe(true);
    expect(formatFitsKind('iso-media', 'audio')).toBe(true);
    expect(formatFitsKind('jpeg', 'video')).toBe(false);
  });

  it('names the real type of a PNG declared as JPEG, and keeps a container\'s declared type', () => {
    expect(confirmedType('png', 'image/jpeg')).toBe('image/png');
    expect(confirmedType('zip', 'application/x-zip-compressed')).toBe('application/zip');
    expect(confirmedType('iso-media', 'video/quicktime')).toBe('video/quicktime');
  });

  it('names a demuxer for every format that may be a video or audio, so ffmpeg never guesses one', () => {
    const formats: SniffedFormat[] = ['jpeg', 'png', 'gif', 'webp', 'avif', 'pdf', 'zip', 'iso-media', 'matroska', 'mp3', 'wav', 'ogg', 'flac', 'unknown'];
    for (const kind of MEDIA_KINDS.filter((candidate) => candidate === 'video' || candidate === 'audio')) {
      for (const format of formats.filter((candidate) => formatFitsKind(candidate, kind))) expect(demuxerOf(format), `${kind} ${format}`).toBeDefined();
    }
    expect(demuxerOf('mp3')).toBe('mp3');
    expect(demuxerOf('iso-media')).toBe('mov');
    expect(demuxerOf('pdf')).toBeUndefined();
  });
});
