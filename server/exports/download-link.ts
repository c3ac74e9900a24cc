/**
 * The export's download link: `/api/exports/{id}/download?expires=…&signature=…`,
 * an HMAC-SHA-256 of the export's id and the expiry with a key of its own
 * derived from APP_SECRET (SecretBox.signingKey), good for 10 minutes. The
 * link alone opens nothing: the download also asks for the owner's session.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../clock.ts';

export const DOWNLOAD_LINK_TTL_MS = 10 * 60_000;

export interface DownloadLinks {
  url(exportId: string): string;
  /** 'ok', or why the link does not open: signed by someone else (or changed), or too old. */
  check(exportId: string, expires: string, signature: string): 'ok' | 'bad' | 'expired';
}

export function createDownloadLinks(key: Buffer, clock: Clock): DownloadLinks {
  const sign = (exportId: string, expires: number) => createHmac('sha256', key).update(`${exportId}.${expires}`).digest('base64url');
  return {
    url(exportId) {
      const expires = Math.floor((clock().getTime() + DOWNLOAD_LINK_TTL_MS) / 1000);
      return `/api/exports/${exportId}/download?${new URLSearchParams({ expires: String(expires), signature: sign(exportId, expires) })}`;
    },
    check(exportId, expires, signature) {
      if (!/^\d{1,12}$/.test(expires)) return 'bad';
      const expected = Buffer.from(sign(exportId, Number(expires)));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'bad';
      return Number(expires) * 1000 <= clock().getTime() ? 'expired' : 'ok';
    },
  };
}
