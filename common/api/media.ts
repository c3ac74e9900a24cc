/**
 * /api/media and /api/uploads (DESIGN.md "HTTP API added"): the creator's media
 * library. Uploads speak tus 1.0 at /api/uploads; the upload's id (the last
 * segment of its URL) is the media's id.
 */
import type { MediaKind, MediaStatus } from '../media.ts';
import { endpoint } from './endpoint.ts';

export const UPLOADS_PATH = '/api/uploads';

/** URLs are signed and short-lived (server/media-urls/media-urls.ts): fetch the item again rather than keep them. */
export interface MediaUrls {
  original: string;
  thumbnail?: string;
  poster?: string;
  /** Videos: the HLS master playlist. */
  playlist?: string;
  /** Videos: a progressive MP4, if one was made. */
  mp4?: string;
  /** Audio: the web format. */
  audio?: string;
  /** Images: WebP variants, narrowest first. */
  images?: { width: number; url: string }[];
}

export interface MediaItem {
  id: string;
  kind: MediaKind;
  originalName: string;
  type: string;
  bytes: number;
  status: MediaStatus;
  /** Processing progress, 0 to 100. */
  progress: number;
  /** Why processing failed, in words a creator can act on; null unless `failed`. */
  failureReason: string | null;
  alt: string;
  width: number | null;
  height: number | null;
  durationSeconds: number | null;
  /** How many posts use it; a used item cannot be deleted. */
  usedBy: number;
  createdAt: string;
  urls: MediaUrls;
}

export interface MediaQuery extends Record<string, string | number | boolean | undefined> {
  q?: string;
  kind?: MediaKind;
  status?: MediaStatus;
}

export const listMedia = endpoint<undefined, MediaQuery, { media: MediaItem[] }>('GET', '/api/media');
export const getMedia = endpoint<undefined, undefined, { media: MediaItem }>('GET', '/api/media/:id');
export const updateMedia = endpoint<{ alt: string }, undefined, { media: MediaItem }>('PATCH', '/api/media/:id');
/** 409 `media-in-use` while a post uses it. */
export const deleteMedia = endpoint<undefined, undefined, void>('DELETE', '/api/media/:id');
