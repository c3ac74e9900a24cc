/**
 * GET /media/{id}/{token}/{file}: the files of one item behind a signed,
 * short-lived token (server/media-urls/media-urls.ts). No session, no maintenance
 * gate: the token is the permission, so a player or an RSS reader needs
 * nothing else. Byte ranges for seeking; cached privately until the token
 * expires. A bad token, an item not ready, or a file it does not have: 404;
 * a file of a suspended site: 410.
 * In place of a token, `public` asks the public rule handed in (the file is
 * public now, docs/decisions/067); such an answer may be kept a year by any
 * cache, as immutable (docs/decisions/147): a media item's files never change
 * (a new file is a new item with a new id), and what was public was on a page
 * for anyone. A file that stops being public is refused here at once.
 */
import { Router, type Request, type Response } from 'express';
import { filesOf, mediaPrefix, type MediaRow, type MediaService } from './media-service.ts';
import type { Storage } from '../storage/index.ts';
import type { Clock } from '../clock.ts';
import { PUBLIC_MEDIA_TOKEN } from '../media-urls/index.ts';
import { sendSuspendedPage } from '../site-standing/index.ts';
import { contentDisposition, streamStoredFile } from './stream-stored-file.ts';

/** A public file's URL names one item's bytes, which never change: any cache may keep it a year. */
const PUBLIC_CACHE_CONTROL = 'public, max-age=31536000, immutable';

const CONTENT_TYPES: Record<string, string> = {
  m3u8: 'application/vnd.apple.mpegurl',
  m4s: 'video/iso.segment',
  mp4: 'video/mp4',
  ts: 'video/mp2t',
  webp: 'image/webp',
  m4a: 'audio/mp4',
};

/** Segments and playlists of the item's HLS folder: `hls/master.m3u8`, `hls/720p/seg3.m4s`. */
const HLS_FILE = /^hls\/(?:[A-Za-z0-9_-]+\/)?[A-Za-z0-9_-]+\.(?:m3u8|m4s|mp4|ts)$/;

function servable(row: MediaRow, file: string): boolean {
  if (row.status !== 'ready') return false;
  if (filesOf(row.derived).has(file)) return true;
  return Boolean(row.derived.hls) && HLS_FILE.test(file);
}

function contentTypeOf(row: MediaRow, file: string): string {
  if (file === 'original') return row.type;
  return CONTENT_TYPES[file.slice(file.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
}

function notFound(res: Response) {
  res.status(404).set('Cache-Control', 'no-store').type('text/plain').send('Not found');
}

export interface MediaServingDeps {
  service: MediaService;
  storage: Storage;
  clock: Clock;
  /** Whether an item may be fetched by anyone at its stable URL, asked on every request. */
  mayServePublicly: (item: { id: string; siteId: string }) => Promise<boolean>;
}

export function mediaServingRoutes({ service, storage, clock, mayServePublicly }: MediaServingDeps): Router {
  const router = Router();

  /** A signed file may be kept privately until its token expires. */
  const privateCache = (token: string) => {
    const expiresAt = Number(token.split('-')[0]) * 1000;
    return `private, max-age=${Math.max(0, Math.floor((expiresAt - clock().getTime()) / 1000))}`;
  };

  router.get('/:id/:token/{*file}', async (req: Request, res: Response) => {
    const id = String(req.params.id);
    const token = String(req.params.token);
    const file = ([] as string[]).concat(req.params.file ?? []).join('/');
    const unsigned = token === PUBLIC_MEDIA_TOKEN;
    // A bad signature costs no query.
    if (!unsigned && !(await service.urlSigner()).verify(id, token)) return notFound(res);
    const row = await service.findForServing(id);
    if (!row || !servable(row, file)) return notFound(res);
    // A suspended site's files are served to nobody, signed or public, the studio's included (docs/decisions/124).
    if (row.siteSuspended) return sendSuspendedPage(res);
    if (unsigned && !(await mayServePublicly(row))) return notFound(res);
    const cacheControl = unsigned ? PUBLIC_CACHE_CONTROL : privateCache(token);

    const key = `${mediaPrefix(row.siteId, row.id)}${file}`;
    const headers: Record<string, string> = {
      'Cache-Control': cacheControl,
      'Content-Type': contentTypeOf(row, file),
      'X-Content-Type-Options': 'nosniff',
      // The URL carries a token: it must not leak to other sites through Referer.
      'Referrer-Policy': 'no-referrer',
      'Cross-Origin-Resource-Policy': 'cross-origin',
      // Browsers' PDF viewers refuse to run in a sandbox; every other file is shown sandboxed.
      'Content-Security-Policy': `default-src 'none'; media-src 'self'; img-src 'self'; style-src 'unsafe-inline'${row.type === 'application/pdf' && file === 'original' ? '' : '; sandbox'}`,
    };
    if (file === 'original') headers['Content-Disposition'] = contentDisposition('inline', row.originalName);
    if (!(await streamStoredFile(req, res, storage, { key, headers }))) notFound(res);
  });

  return router;
}
