import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileKindOf } from './file-kind.ts';

let dir: string;
let count = 0;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'file-kind-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function kindOfBytes(head: Buffer, options: { zip?: boolean } = {}) {
  const file = path.join(dir, `file-${(count += 1)}`);
  await writeFile(file, Buffer.concat([head, Buffer.alloc(64, 0)]));
  return fileKindOf(file, options);
}

/** An ISO-media file's first box: size, `ftyp`, the major brand. */
const ftyp = (brand: string) => Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from(`ftyp${brand}`, 'latin1')]);

describe('fileKindOf', () => {
  it.each([
    ['a PNG', Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'), { kind: 'image', type: 'image/png' }],
    ['a JPEG', Buffer.from([0xff, 0xd8, 0xff, 0xe0]), { kind: 'image', type: 'image/jpeg' }],
    ['a PDF', Buffer.from('%PDF-1.7\n'), { kind: 'file', type: 'application/pdf' }],
    ['an MP3 with its ID3 tag', Buffer.from('ID3\x04\x00', 'latin1'), { kind: 'audio', type: 'audio/mpeg' }],
    ['an Ogg file', Buffer.from('OggS'), { kind: 'audio', type: 'audio/ogg' }],
    ['an M4A by its brand', ftyp('M4A '), { kind: 'audio', type: 'audio/mp4' }],
    ['an MP4', ftyp('isom'), { kind: 'video', type: 'video/mp4' }],
    ['a QuickTime movie', ftyp('qt  '), { kind: 'video', type: 'video/quicktime' }],
    ['a WebM', Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), { kind: 'video', type: 'video/webm' }],
  ])('reads %s by its first bytes', async (_name, head, expected) => {
    expect(await kindOfBytes(head)).toEqual(expected);
  });

  it.each([
    ['HTML', Buffer.from('<!doctype html><html>')],
    ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg">')],
    ['a zip', Buffer.from('PK\x03\x04', 'latin1')],
  ])('takes %s for nothing the library holds', async (_name, head) => {
    expect(await kindOfBytes(head)).toBeUndefined();
  });

  it('takes a zip when asked (a library item of our own export), and still nothing unknown', async () => {
    expect(await kindOfBytes(Buffer.from('PK\x03\x04', 'latin1'), { zip: true })).toEqual({ kind: 'file', type: 'application/zip' });
    expect(await kindOfBytes(Buffer.from('<!doctype html><html>'), { zip: true })).toBeUndefined();
  });
});
