/**
 * What the counting takes from a page request (docs/decisions/100): the
 * address and user agent only to hash them at once, the referrer's host only,
 * and `utm_source`. Headers are the reader's words: any length, any bytes, so
 * each is cut and checked before it is kept, and a malformed one is dropped.
 */
import type { Request } from 'express';

export interface PageReader {
  address: string;
  userAgent: string;
  /** The referring site's host, lowercase; '' for none, the site itself, or one that is not a web address. */
  referrerHost: string;
  /** `utm_source`, lowercase, of letters, digits, `.`, `_` and `-`; '' for none or another shape. */
  utmSource: string;
}

/** Longer than any real URL a browser sends as Referer; more is not parsed. */
const REFERRER_MAX = 2048;
const HOST_SHAPE = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;
const UTM_SHAPE = /^[a-z0-9._-]{1,64}$/;

export function referrerHostOf(referrer: string | undefined, ownHost: string | undefined): string {
  if (!referrer || referrer.length > REFERRER_MAX) return '';
  let url: URL;
  try {
    url = new URL(referrer);
  } catch {
    return '';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return '';
  // URL gives the host lowercase and in punycode, so the shape check holds for every real host.
  const host = url.hostname.replace(/^www\./, '');
  if (host.length > 253 || !HOST_SHAPE.test(host)) return '';
  return ownHost && host === ownHost.toLowerCase().replace(/^www\./, '') ? '' : host;
}

export function utmSourceOf(value: unknown): string {
  if (typeof value !== 'string') return '';
  const source = value.trim().toLowerCase();
  return UTM_SHAPE.test(source) ? source : '';
}

/** Runs for every counted view, cache hits too: what costs (the query parser, the Host header) only when there is something to read. */
export function readerOf(req: Request): PageReader {
  const referrer = req.headers.referer;
  return {
    address: req.ip ?? req.socket.remoteAddress ?? '',
    userAgent: req.headers['user-agent'] ?? '',
    referrerHost: referrer ? referrerHostOf(referrer, req.hostname) : '',
    utmSource: req.url.includes('utm_source=') ? utmSourceOf(req.query.utm_source) : '',
  };
}
