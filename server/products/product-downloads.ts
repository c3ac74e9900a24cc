/**
 * What a buyer downloads: the product's files behind the receipt mail's token, the purchases on the account page,
 * and one file behind its signed link (download-links.ts). A link of a refunded purchase, or one past its time,
 * answers 410; a tampered one, one opened by another signed-in account, or one opened signed out in a browser that
 * never opened the buyer's receipt link, 403. A file the creator deleted from
 * the library since is left out of the list, and its old link answers 410: the buyer is told, never shown an error.
 */
import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { media } from '../../db/content-schema.ts';
import { productFiles, productPurchases, products } from '../../db/earn-schema.ts';
import { settings } from '../../db/schema.ts';
import { hashToken } from '../auth/index.ts';
import type { Clock } from '../clock.ts';
import { AppError } from '../errors.ts';
import { mediaPrefix } from '../media/index.ts';
import { createFileLinkSigner, holderCookieName, parseFileParam, type FileLinkSigner } from './download-links.ts';
import { filesOfProducts } from './products-service.ts';

export interface DownloadFile {
  name: string;
  kind: string;
  bytes: number;
  /** `?file=…`: append to the site's `/downloads` path. */
  query: string;
}

export interface PurchaseDownloads {
  saleId: string;
  title: string;
  boughtAt: Date;
  files: DownloadFile[];
  /** How many files the product had when it sold that the creator has since deleted. */
  filesGone: number;
}

/** The receipt's page: the purchase, and the proof its browser keeps that it holds the buyer's token. */
export interface TokenDownloads extends PurchaseDownloads {
  holder: { cookie: string; proof: string };
}

export interface StoredDownload {
  key: string;
  contentType: string;
  fileName: string;
}

type PurchaseRow = typeof productPurchases.$inferSelect;

const forbidden = () => new AppError('forbidden', 403);
const gone = () => new AppError('expired-token', 410);

export function createProductDownloads({ db, clock }: { db: Database; clock: Clock }) {
  let signer: Promise<FileLinkSigner> | undefined;
  /** The installation's media secret, read once (media-urls signs with it too, under another label). */
  const links = () =>
    (signer ??= db
      .select({ secret: settings.mediaUrlSecret })
      .from(settings)
      .limit(1)
      .then(([row]) => {
        if (!row) throw new Error('settings row missing: the media URL secret is made by migration');
        return createFileLinkSigner({ secret: row.secret, clock });
      }));

  async function downloadsOf(rows: readonly (PurchaseRow & { title: string })[]): Promise<PurchaseDownloads[]> {
    const sign = await links();
    const files = await filesOfProducts(
      db,
      rows.map((row) => row.productId),
    );
    return rows.map((row) => {
      const own = files.get(row.productId) ?? [];
      return {
        saleId: row.saleId,
        title: row.title,
        boughtAt: row.createdAt,
        files: own.map((file) => ({ name: file.name, kind: file.kind, bytes: file.bytes, query: `?file=${sign.sign(row, file.mediaId)}` })),
        filesGone: row.mediaIdsAtSale.filter((id) => !own.some((file) => file.mediaId === id)).length,
      };
    });
  }

  const purchaseColumns = { saleId: productPurchases.saleId, productId: productPurchases.productId, siteId: productPurchases.siteId, userId: productPurchases.userId, downloadTokenHash: productPurchases.downloadTokenHash, mediaIdsAtSale: productPurchases.mediaIdsAtSale, createdAt: productPurchases.createdAt, revokedAt: productPurchases.revokedAt, title: products.title };

  return {
    /** The receipt mail's page: the purchase its token names on this site, for its buyer (or anyone signed out). */
    async byToken(siteId: string, token: string, viewerId: string | undefined): Promise<TokenDownloads> {
      if (!/^[a-z2-7]{20,64}$/.test(token)) throw forbidden();
      const [row] = await db
        .select(purchaseColumns)
        .from(productPurchases)
        .innerJoin(products, eq(products.id, productPurchases.productId))
        .where(and(eq(productPurchases.downloadTokenHash, hashToken(token)), eq(productPurchases.siteId, siteId)));
      if (!row) throw forbidden();
      if (viewerId && viewerId !== row.userId) throw forbidden();
      if (row.revokedAt) throw gone();
      const sign = await links();
      return { ...(await downloadsOf([row]))[0]!, holder: { cookie: holderCookieName(row.saleId), proof: sign.holderProof(row) } };
    },

    /** The account page's purchases on one site, newest first; refunded ones are left out. */
    async ofBuyer(siteId: string, userId: string): Promise<PurchaseDownloads[]> {
      const rows = await db
        .select(purchaseColumns)
        .from(productPurchases)
        .innerJoin(products, eq(products.id, productPurchases.productId))
        .where(and(eq(productPurchases.siteId, siteId), eq(productPurchases.userId, userId), isNull(productPurchases.revokedAt)))
        .orderBy(desc(productPurchases.createdAt));
      return downloadsOf(rows);
    },

    /**
     * The stored file a signed link names, checked again now: its purchase on this site, unrefunded, still holding it,
     * opened by its buyer's session or by the browser that opened the buyer's receipt link (`holderProof` reads the
     * cookie that page left).
     */
    async open(siteId: string, fileParam: string, viewerId: string | undefined, holderProof: (cookie: string) => string | undefined): Promise<StoredDownload> {
      const claim = parseFileParam(fileParam);
      if (!claim) throw forbidden();
      const [purchase] = await db
        .select({ userId: productPurchases.userId, productId: productPurchases.productId, revokedAt: productPurchases.revokedAt })
        .from(productPurchases)
        .where(and(eq(productPurchases.saleId, claim.saleId), eq(productPurchases.siteId, siteId)));
      const sign = await links();
      if (!purchase || !sign.verify(claim, purchase.userId)) throw forbidden();
      if (viewerId && viewerId !== purchase.userId) throw forbidden();
      const buyer = { saleId: claim.saleId, userId: purchase.userId };
      if (!viewerId && !sign.provesHolder(buyer, holderProof(holderCookieName(claim.saleId)))) throw forbidden();
      if (sign.expired(claim) || purchase.revokedAt) throw gone();
      const [file] = await db
        .select({ id: media.id, siteId: media.siteId, type: media.type, name: media.originalName })
        .from(productFiles)
        .innerJoin(media, eq(media.id, productFiles.mediaId))
        .where(and(eq(productFiles.productId, purchase.productId), eq(productFiles.mediaId, claim.mediaId), eq(media.status, 'ready')))
        .orderBy(asc(productFiles.position));
      if (!file) throw gone();
      return { key: `${mediaPrefix(file.siteId, file.id)}original`, contentType: file.type, fileName: file.name };
    },
  };
}

export type ProductDownloads = ReturnType<typeof createProductDownloads>;
