/**
 * Signed, short-lived media URLs (DESIGN.md "Content"): `/media/{id}/{token}/{file}`,
 * and the stable URL of a public file.
 * The token signs the media id and an expiry, not the file, so every file of
 * one item shares it and an HLS playlist's relative segment URLs work as they
 * are. Expiries are rounded up to a window, so a page rendered twice in the
 * same window carries the same URLs and browsers cache the files.
 * A room of its own (docs/decisions/135): sites, the public site, newsletters and
 * media all sign URLs, and media stands on sites, so the signer can live in neither.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../clock.ts';

export const MEDIA_URL_PREFIX = '/media';

/**
 * Stands where the token would in a file's stable public URL, `/media/{id}/public/{file}`:
 * unsigned, so a podcast app can fetch it days later, and served only while
 * the file is public (server/site-content/media-uses.ts, docs/decisions/067).
 */
export const PUBLIC_MEDIA_TOKEN = 'public';

/** `/media/{id}/public`; append `/{file}`. */
export function publicMediaPrefix(mediaId: string): string {
  return `${MEDIA_URL_PREFIX}/${mediaId}/${PUBLIC_MEDIA_TOKEN}`;
}

export interface MediaUrlSigner {
  /** `/media/{id}/{token}`, valid for at least `ttlMs` from now; append `/{file}`. */
  prefix(mediaId: string, ttlMs: number): string;
  /** Whether a token from a URL is this server's signature of `mediaId` and has not expired. */
  verify(mediaId: string, token: string): boolean;
}

const SIGNATURE_LENGTH = 22; // 132 bits of base64url

export function createMediaUrlSigner({ secret, clock }: { secret: string; clock: Clock }): MediaUrlSigner {
  const sign = (mediaId: string, expiresAt: number) =>
    createHmac('sha256', secret).update(`${mediaId}.${expiresAt}`).digest('base64url').slice(0, SIGNATURE_LENGTH);
  return {
    prefix(mediaId, ttlMs) {
      const windowSeconds = Math.max(1, Math.ceil(ttlMs / 1000));
      const nowSeconds = Math.floor(clock().getTime() / 1000);
      const expiresAt = (Math.floor(nowSeconds / windowSeconds) + 2) * windowSeconds;
      return `${MEDIA_URL_PREFIX}/${mediaId}/${expiresAt}-${sign(mediaId, expiresAt)}`;
    },
    verify(mediaId, token) {
      const match = /^(\d{1,12})-([A-Za-z0-9_-]+)$/.exec(token);
      if (!match) return false;
      const expiresAt = Number(match[1]);
      if (expiresAt * 1000 <= clock().getTime()) return false;
      const expected = Buffer.from(sign(mediaId, expiresAt));
      const given = Buffer.from(match[2]!);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
