/**
 * The checks a file passes before a byte of it is sent (ISSUE9 item 4): an
 * accepted type and a size within the limit. The server checks both again at
 * tus creation; these only spare the creator a refused upload. Some systems
 * give no type for some files (M4A, FLAC on Windows), so a missing type is
 * taken from the extension, the same way the server's sniffing will see it.
 */
import { ACCEPTED_MEDIA_TYPES, type MediaKind } from '../../../../common/media.ts';
import { REFUSAL_COPY } from '../../../content/media.ts';
import { formatBytes } from './format.ts';

const TYPE_BY_EXTENSION: Readonly<Record<string, string>> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  avif: 'image/avif',
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  flac: 'audio/flac',
  pdf: 'application/pdf',
  zip: 'application/zip',
};

/** What the file input's `accept` lists: every accepted type and its extensions. */
export const ACCEPT_ATTRIBUTE = [...Object.keys(ACCEPTED_MEDIA_TYPES), ...Object.keys(TYPE_BY_EXTENSION).map((extension) => `.${extension}`)].join(',');

export interface FileFacts {
  name: string;
  type: string;
  size: number;
}

/** The declared type, or the one its extension names when the browser gave none. */
export function mediaTypeOf(file: FileFacts): string {
  if (file.type) return file.type.toLowerCase();
  const extension = /\.([A-Za-z0-9]+)$/.exec(file.name)?.[1]?.toLowerCase();
  return (extension && TYPE_BY_EXTENSION[extension]) || '';
}

export type FileCheck = { ok: true; type: string; kind: MediaKind } | { ok: false; reason: string };

export function checkFile(file: FileFacts, maxBytes: number): FileCheck {
  const type = mediaTypeOf(file);
  const kind = ACCEPTED_MEDIA_TYPES[type];
  if (!kind) return { ok: false, reason: REFUSAL_COPY.type };
  if (file.size === 0) return { ok: false, reason: REFUSAL_COPY.empty };
  if (file.size > maxBytes) return { ok: false, reason: REFUSAL_COPY.tooLarge(formatBytes(maxBytes)) };
  return { ok: true, type, kind };
}

/** The media id: tus answers the upload's URL, whose last segment is the media row's id (common/api/media.ts). */
export function mediaIdOf(uploadUrl: string): string | undefined {
  const path = new URL(uploadUrl, 'http://upload.invalid').pathname;
  const last = path.split('/').filter(Boolean).at(-1);
  return last ? decodeURIComponent(last) : undefined;
}
