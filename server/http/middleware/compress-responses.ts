/**
 * Compresses what the server writes per request (HTML pages, XML feeds and
 * sitemaps, JSON) with brotli or gzip, as the client's Accept-Encoding asks,
 * through the `compression` middleware (docs/decisions/066). Other types go
 * as they are: a server-sent event stream, whose events must reach the reader
 * as written, and a CSV export, streamed at the database's pace. It also leaves alone:
 * - an answer that already carries Content-Encoding (the static client's
 *   precompressed twins, a cache of compressed pages): `compression` itself;
 * - an answer that offers or is a byte range (media, static files): a range
 *   counts bytes of the file, not of a compressed stream;
 * - anything under 1 KB, where the encoding costs more than it saves.
 */
import compression from 'compression';
import type { Request, RequestHandler, Response } from 'express';

/** text/html, XML (RSS, sitemaps: `application/rss+xml` too) and JSON. */
const COMPRESSED_TYPES = /^(?:text\/html|text\/xml|application\/xml|application\/json|application\/[\w.+-]+\+(?:xml|json))\s*(?:;|$)/i;

function worthCompressing(req: Request, res: Response): boolean {
  if (res.getHeader('Accept-Ranges') === 'bytes' || res.getHeader('Content-Range') !== undefined) return false;
  return COMPRESSED_TYPES.test(String(res.getHeader('Content-Type') ?? '')) && compression.filter(req, res);
}

export function compressResponses(): RequestHandler {
  return compression({ filter: worthCompressing });
}
