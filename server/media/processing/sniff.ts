/**
 * The real type of a file, told by its first bytes rather than its name or
 * the type the browser declared: a `.jpg` that is a PDF is caught here.
 * Containers that hold several kinds (MP4, WebM, Ogg) answer a family, and
 * ffprobe then says whether the streams are what the kind needs.
 */
import { open } from 'node:fs/promises';
import type { MediaKind } from '../../../common/media.ts';

export type SniffedFormat =
  | 'jpeg'
  | 'png'
  | 'gif'
  | 'webp'
  | 'avif'
  | 'pdf'
  | 'zip'
  | 'iso-media'
  | 'matroska'
  | 'mp3'
  | 'wav'
  | 'ogg'
  | 'flac'
  | 'unknown';

const HEAD_BYTES = 64;

export async function readHead(filePath: string): Promise<Buffer> {
  const file = await open(filePath, 'r');
  try {
    const buffer = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await file.read(buffer, 0, HEAD_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

export function sniffFormat(head: Buffer): SniffedFormat {
  const ascii = (start: number, end: number) => head.subarray(start, end).toString('latin1');
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (ascii(0, 8) === '\x89PNG\r\n\x1a\n') return 'png';
  if (ascii(0, 4) === 'GIF8') return 'gif';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WAVE') return 'wav';
  if (ascii(0, 5) === '%PDF-') return 'pdf';
  // A local file header, or the end record alone of an empty archive.
  if (ascii(0, 4) === 'PK\x03\x04' || ascii(0, 4) === 'PK\x05\x06') return 'zip';
  if (ascii(4, 8) === 'ftyp') return ['avif', 'avis'].includes(ascii(8, 12)) ? 'avif' : 'iso-media';
  if (head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3) return 'matroska';
  if (ascii(0, 4) === 'OggS') return 'ogg';
  if (ascii(0, 4) === 'fLaC') return 'flac';
  if (ascii(0, 3) === 'ID3' || (head[0] === 0xff && ((head[1] ?? 0) & 0xe0) === 0xe0)) return 'mp3';
  return 'unknown';
}

/** Which formats may hold each kind; the streams inside are checked later. */
const FORMATS_OF_KIND: Record<MediaKind, readonly SniffedFormat[]> = {
  image: ['jpeg', 'png', 'gif', 'webp', 'avif'],
  video: ['iso-media', 'matroska'],
  audio: ['mp3', 'wav', 'ogg', 'flac', 'iso-media', 'matroska'],
  file: ['pdf', 'zip'],
};

export function formatFitsKind(format: SniffedFormat, kind: MediaKind): boolean {
  return FORMATS_OF_KIND[kind].includes(format);
}

/**
 * ffmpeg's demuxer for each format of video and audio: ffmpeg reads a file as
 * what its first bytes said here, never as what its own probe guesses (which
 * looks past an ID3 tag, where an HLS playlist can hide).
 */
export const DEMUXER_OF_FORMAT = {
  'iso-media': 'mov',
  matroska: 'matroska',
  mp3: 'mp3',
  wav: 'wav',
  ogg: 'ogg',
  flac: 'flac',
} as const satisfies Partial<Record<SniffedFormat, string>>;

export type Demuxer = (typeof DEMUXER_OF_FORMAT)[keyof typeof DEMUXER_OF_FORMAT];

export function demuxerOf(format: SniffedFormat): Demuxer | undefined {
  return (DEMUXER_OF_FORMAT as Partial<Record<SniffedFormat, Demuxer>>)[format];
}

/** The MIME type a format is known to be, where the format alone says it; containers keep the declared type. */
const MIME_OF_FORMAT: Partial<Record<SniffedFormat, string>> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  pdf: 'application/pdf',
  zip: 'application/zip',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  flac: 'audio/flac',
};

export function confirmedType(format: SniffedFormat, declared: string): string {
  return MIME_OF_FORMAT[format] ?? declared;
}
