/**
 * The two links a buyer follows (DESIGN.md "More ways to be paid"). The receipt mail's link carries a long random
 * token, the buyer's own, of which only its SHA-256 is kept (`product_purchases.download_token_hash`): it leads to the
 * product's files, and a refund ends it. Each file is then a signed link good for PRODUCT_DOWNLOAD_SECONDS, as the
 * account page's are: the signature binds the purchase, the file, the buyer and the expiry, so it opens that file for
 * that buyer only, and the purchase is read again on use (a refund ends it at once).
 * The file link lives at `{site}/downloads?file=`, beside the page, because that is the one path a custom domain
 * serves for downloads.
 * A file link alone is not enough for a reader who is not signed in as the buyer: opening the receipt's page leaves a
 * cookie in that browser (`dl-{sale}`, HttpOnly, on the downloads path) that proves it holds the buyer's token, and a
 * file link opens only with it or with the buyer's own session. A file link copied elsewhere opens nothing.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { PRODUCT_DOWNLOAD_SECONDS } from '../../common/earn.ts';
import type { Clock } from '../clock.ts';

export interface FileClaim {
  saleId: string;
  mediaId: string;
  expiresAt: number;
  signature: string;
}

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const FILE_PARAM = new RegExp(`^(${UUID})\\.(${UUID})\\.(\\d{1,12})\\.([A-Za-z0-9_-]{43})$`);

export function parseFileParam(value: string): FileClaim | undefined {
  const match = FILE_PARAM.exec(value);
  if (!match) return undefined;
  return { saleId: match[1]!, mediaId: match[2]!, expiresAt: Number(match[3]), signature: match[4]! };
}

export interface FileLinkSigner {
  /** The `file` value of a fresh link to one file of a purchase, for its buyer. */
  sign(purchase: { saleId: string; userId: string }, mediaId: string): string;
  /** Whether the claim is this server's signature for that buyer (its expiry is checked apart, to answer 410). */
  verify(claim: FileClaim, buyerId: string): boolean;
  expired(claim: FileClaim): boolean;
  /** What the receipt's page leaves in the buyer's browser: proof of holding the purchase's token. */
  holderProof(purchase: { saleId: string; userId: string }): string;
  provesHolder(purchase: { saleId: string; userId: string }, proof: string | undefined): boolean;
}

/** The cookie of one purchase's holder proof; a browser may hold several purchases' at once. */
export const holderCookieName = (saleId: string) => `dl-${saleId}`;

/** How long the proof lasts: opening the receipt's link again gives a new one. */
export const HOLDER_PROOF_SECONDS = 3600;

function sameText(given: string, expected: string): boolean {
  const [a, b] = [Buffer.from(given), Buffer.from(expected)];
  return a.length === b.length && timingSafeEqual(a, b);
}

export function createFileLinkSigner({ secret, clock }: { secret: string; clock: Clock }): FileLinkSigner {
  // Its own label, so no media URL signature (the same secret) can ever pass for a product link.
  const sign = (saleId: string, mediaId: string, userId: string, expiresAt: number) =>
    createHmac('sha256', secret).update(`product-file\n${saleId}\n${mediaId}\n${userId}\n${expiresAt}`).digest('base64url');
  const holder = (saleId: string, userId: string) => createHmac('sha256', secret).update(`product-holder\n${saleId}\n${userId}`).digest('base64url');
  return {
    sign({ saleId, userId }, mediaId) {
      const expiresAt = Math.floor(clock().getTime() / 1000) + PRODUCT_DOWNLOAD_SECONDS;
      return `${saleId}.${mediaId}.${expiresAt}.${sign(saleId, mediaId, userId, expiresAt)}`;
    },
    verify(claim, buyerId) {
      return sameText(claim.signature, sign(claim.saleId, claim.mediaId, buyerId, claim.expiresAt));
    },
    expired(claim) {
      return claim.expiresAt * 1000 <= clock().getTime();
    },
    holderProof({ saleId, userId }) {
      return holder(saleId, userId);
    },
    provesHolder({ saleId, userId }, proof) {
      return proof !== undefined && sameText(proof, holder(saleId, userId));
    },
  };
}
