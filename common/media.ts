/** Media of DESIGN.md "Content": kinds, statuses, accepted types and what processing derives, shared by client and server. */

export const MEDIA_KINDS = ['image', 'video', 'audio', 'file'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

export const MEDIA_STATUSES = ['uploading', 'processing', 'ready', 'failed'] as const;
export type MediaStatus = (typeof MEDIA_STATUSES)[number];

/** The declared types an upload may have, and the kind each one makes; anything else is refused before a byte is stored. */
export const ACCEPTED_MEDIA_TYPES: Readonly<Record<string, MediaKind>> = {
  'image/jpeg': 'image',
  'image/png': 'image',
  'image/webp': 'image',
  'image/gif': 'image',
  'image/avif': 'image',
  'video/mp4': 'video',
  'video/quicktime': 'video',
  'video/webm': 'video',
  'audio/mpeg': 'audio',
  'audio/mp4': 'audio',
  'audio/x-m4a': 'audio',
  'audio/wav': 'audio',
  'audio/x-wav': 'audio',
  'audio/ogg': 'audio',
  'audio/flac': 'audio',
  'application/pdf': 'file',
  // Sold as a product's file (DESIGN.md "More ways to be paid"); Windows declares a zip by the second name.
  'application/zip': 'file',
  'application/x-zip-compressed': 'file',
};

/** DESIGN.md `UPLOAD_MAX_BYTES` default (5 GiB): the client's limit until the server's public config says otherwise. */
export const DEFAULT_UPLOAD_MAX_BYTES = 5_368_709_120;

/** Widths of the WebP variants of an image; a source narrower than one gets none wider than itself. */
export const IMAGE_WIDTHS = [320, 640, 960, 1280, 1920] as const;
/** HLS renditions by height; a source gets those no taller than itself (at least the smallest). */
export const VIDEO_RENDITION_HEIGHTS = [360, 720, 1080] as const;
/** Longest original file name kept; longer ones are cut, keeping the extension. */
export const MEDIA_NAME_MAX_LENGTH = 200;
/** Longest alternative text of an image. */
export const MEDIA_ALT_MAX_LENGTH = 1000;

export interface ImageVariant {
  width: number;
  height: number;
  /** Path of the file under the media's URL prefix, e.g. `w640.webp`. */
  file: string;
}

/** What processing wrote beside the original; every `file` is relative to the media's URL prefix. */
export interface MediaDerived {
  width?: number;
  height?: number;
  durationSeconds?: number;
  /** Images: WebP variants, narrowest first. */
  images?: ImageVariant[];
  /** Videos: the HLS master playlist, e.g. `hls/master.m3u8`, and the heights it holds. */
  hls?: { playlist: string; heights: number[] };
  /** Videos: a progressive MP4 fallback for players without HLS, if one was made. */
  mp4?: string;
  /** Videos: a WebP frame; images: the smallest variant. */
  poster?: string;
  /** Audio: the web format (AAC in M4A). */
  audio?: string;
  /** A small WebP for the library's grid. */
  thumbnail?: string;
}
