/**
 * One stored file as an HTTP answer, streamed from storage with byte ranges (RFC 9110): what the media URLs
 * serve, and what any room that hands out a stored file (a product's download) uses through the media room's index,
 * so that memory stays flat whatever the size and seeking works the same everywhere.
 */
import type { Request, Response } from 'express';
import type { Storage } from '../storage/index.ts';

export interface StoredFileAnswer {
  key: string;
  /** Headers of this answer beside the range's own (type, caching, disposition, policy). */
  headers: Record<string, string>;
}

/** Streams the file, whole or the one range asked; false (nothing sent) when storage has no such file. */
export async function streamStoredFile(req: Request, res: Response, storage: Storage, { key, headers }: StoredFileAnswer): Promise<boolean> {
  const size = await storage.size(key);
  if (size === undefined) return false;
  res.set({ 'Accept-Ranges': 'bytes', ...headers });

  let range: { start: number; end: number } | undefined;
  const ranges = req.headers.range ? req.range(size, { combine: true }) : undefined;
  if (ranges === -1) {
    res.status(416).set('Content-Range', `bytes */${size}`).end();
    return true;
  }
  // A malformed or multi-part Range is ignored, as RFC 9110 allows: the whole file follows.
  if (Array.isArray(ranges) && ranges.length === 1 && ranges.type === 'bytes') range = { start: ranges[0]!.start, end: ranges[0]!.end };

  if (range) res.status(206).set('Content-Range', `bytes ${range.start}-${range.end}/${size}`);
  res.set('Content-Length', String(range ? range.end - range.start + 1 : size));
  if (req.method === 'HEAD') {
    res.end();
    return true;
  }
  const opened = await storage.open(key, range);
  if (!opened) {
    // Gone between the size and the open: nothing was sent yet.
    res.removeHeader('Content-Range');
    return false;
  }
  opened.body.once('error', () => res.destroy());
  res.once('close', () => opened.body.destroy());
  opened.body.pipe(res);
  return true;
}

/** RFC 5987's attr-char: encodeURIComponent leaves a few characters it does not allow. */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename*=UTF-8''${encoded}`;
}
