/**
 * Where media files live, behind one small interface so the rest of the
 * server never knows whether it is the local disk or an S3-compatible bucket
 * (docs/decisions/034-media-storage-and-shared-uploads.md). Keys are
 * `/`-separated paths such as `media/{siteId}/{mediaId}/original`.
 */
import type { Readable } from 'node:stream';

/** Inclusive byte offsets, as in an HTTP Range header. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface OpenedFile {
  /** The whole file's size, whatever range was asked. */
  size: number;
  body: Readable;
}

export interface Storage {
  kind: 'disk' | 's3';
  /** Stores a stream of known length under `key`, replacing what was there. */
  put(key: string, body: Readable, size: number): Promise<void>;
  /** Stores a local file under `key`; `move` lets the store take the file instead of copying it. */
  putFile(key: string, filePath: string, options?: { move?: boolean }): Promise<void>;
  /** The file's size, or undefined when there is none. */
  size(key: string): Promise<number | undefined>;
  /** Reads the file, or one byte range of it; undefined when there is none. */
  open(key: string, range?: ByteRange): Promise<OpenedFile | undefined>;
  /** Deletes every file whose key starts with `prefix` (give it a trailing `/`). */
  deletePrefix(prefix: string): Promise<void>;
  /** A path ffmpeg can read directly, when the store is a local disk. */
  localPath(key: string): string | undefined;
}

/** Keys are built by the server from ids, never from input; this catches a mistake before it touches the disk. */
export function assertSafeKey(key: string): void {
  if (!/^[A-Za-z0-9][A-Za-z0-9._/-]*$/.test(key) || key.split('/').some((part) => part === '' || part === '.' || part === '..')) {
    throw new Error(`unsafe storage key: ${JSON.stringify(key)}`);
  }
}
