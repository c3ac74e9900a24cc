/**
 * The creator's products (DESIGN.md "More ways to be paid"): make, change, list with their sales, and remove one.
 * A product's price is in the site's currency (its tiers', which the creator chose once); its files are the site's
 * own ready PDFs, zips, audio and video. A product that sold is archived rather than deleted, so its buyers keep
 * their files; one never sold is deleted.
 */
import { and, asc, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { ProductSaleView, ProductView } from '../../common/api/products.ts';
import { stripeMinimumCharge } from '../../common/money.ts';
import type { CreateProductInput, UpdateProductInput } from '../../common/product-schemas.ts';
import type { Database } from '../../db/connect.ts';
import { media, tiers } from '../../db/content-schema.ts';
import { productFiles, productPurchases, products, sales } from '../../db/earn-schema.ts';
import type { Clock } from '../clock.ts';
import { AppError } from '../errors.ts';
import { findSiteByOwner, siteUrl, type Site } from '../sites/index.ts';
import { checkCover, checkSellableMedia, toFileView } from './product-files.ts';

export type ProductRow = typeof products.$inferSelect;

/** What was given back of a sale (sale_refunds: a partial refund lowers revenue too), named in full for the subquery. */
const refundedOf = sql<number>`(select coalesce(sum(r.amount), 0) from sale_refunds r where r.sale_id = sales.id)`;

export interface ProductsServiceDeps {
  db: Database;
  clock: Clock;
  appUrl: URL;
  /** Tells the anonymous page cache that the site's pages changed. */
  siteChanged: (siteId: string) => Promise<void>;
}

/** The site's currency: its paid tiers' (all share one), else its free tier's. */
export async function siteCurrency(db: Database, siteId: string): Promise<string> {
  const [row] = await db
    .select({ currency: tiers.currency })
    .from(tiers)
    .where(eq(tiers.siteId, siteId))
    .orderBy(sql`${tiers.type} = 'paid' desc`, asc(tiers.position))
    .limit(1);
  return row?.currency ?? 'usd';
}

/** A product's files in order, the ones deleted from the library since left out. */
export async function filesOfProducts(db: Database, productIds: readonly string[]) {
  if (productIds.length === 0) return new Map<string, NonNullable<ReturnType<typeof toFileView>>[]>();
  const rows = await db
    .select({ productId: productFiles.productId, id: media.id, kind: media.kind, type: media.type, originalName: media.originalName, bytes: media.bytes })
    .from(productFiles)
    .innerJoin(media, eq(media.id, productFiles.mediaId))
    .where(inArray(productFiles.productId, [...productIds]))
    .orderBy(asc(productFiles.position));
  const byProduct = new Map<string, NonNullable<ReturnType<typeof toFileView>>[]>();
  for (const row of rows) {
    const view = toFileView(row);
    if (view) byProduct.set(row.productId, [...(byProduct.get(row.productId) ?? []), view]);
  }
  return byProduct;
}

export function createProductsService({ db, clock, appUrl, siteChanged }: ProductsServiceDeps) {
  async function siteOf(ownerId: string): Promise<Site> {
    const site = await findSiteByOwner(db, ownerId);
    if (!site) throw new AppError('site-required', 409);
    return site;
  }

  /** One of the site's products; another site's reads as unknown. */
  async function ownProduct(site: Site, id: string): Promise<ProductRow> {
    const [row] = await db
      .select()
      .from(products)
      .where(and(eq(products.id, id), eq(products.siteId, site.id)));
    if (!row) throw new AppError('not-found', 404);
    return row;
  }

  async function views(site: Site, rows: readonly ProductRow[]): Promise<ProductView[]> {
    const ids = rows.map((row) => row.id);
    const [files, totals] = await Promise.all([
      filesOfProducts(db, ids),
      ids.length === 0
        ? []
        : db
            .select({ productId: productPurchases.productId, count: count(), revenue: sql<number>`sum(${sales.amount}) - sum(${refundedOf})`.mapWith(Number) })
            .from(productPurchases)
            .innerJoin(sales, eq(sales.id, productPurchases.saleId))
            .where(and(inArray(productPurchases.productId, ids), inArray(sales.status, ['paid', 'refunded'])))
            .groupBy(productPurchases.productId),
    ]);
    return rows.map((row) => {
      const total = totals.find((candidate) => candidate.productId === row.id);
      return {
        id: row.id,
        title: row.title,
        slug: row.slug,
        description: row.description,
        price: row.price,
        currency: row.currency,
        coverMediaId: row.coverMediaId,
        status: row.status,
        files: files.get(row.id) ?? [],
        url: siteUrl(site, appUrl, `/products/${row.slug}`),
        sales: { count: total?.count ?? 0, revenue: total?.revenue ?? 0 },
        createdAt: row.createdAt.toISOString(),
      };
    });
  }

  /** `currency`: the product's, as it will be once saved. */
  async function checkInput(site: Site, input: UpdateProductInput, currency: string, exceptId?: string): Promise<void> {
    if (input.currency !== undefined && input.currency !== (await siteCurrency(db, site.id))) throw new AppError('invalid-input', 400, 'currency');
    // Stripe refuses a Checkout below its smallest charge: a product priced under it could never be bought.
    if (input.price !== undefined && input.price < stripeMinimumCharge(currency)) throw new AppError('invalid-input', 400, 'price');
    if (input.mediaIds) await checkSellableMedia(db, site.id, input.mediaIds);
    if (input.coverMediaId !== undefined) await checkCover(db, site.id, input.coverMediaId);
    if (input.slug !== undefined) {
      const [taken] = await db
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.siteId, site.id), eq(products.slug, input.slug), ...(exceptId ? [ne(products.id, exceptId)] : [])));
      if (taken) throw new AppError('slug-taken', 409, 'slug');
    }
  }

  /** A race between two saves of one slug ends at the unique index: the second is told as the first would be. */
  async function slugSafe<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause ?? error;
      if ((cause as { code?: string }).code === '23505') throw new AppError('slug-taken', 409, 'slug');
      throw error;
    }
  }

  async function writeFiles(tx: Database, productId: string, mediaIds: readonly string[]): Promise<void> {
    await tx.delete(productFiles).where(eq(productFiles.productId, productId));
    await tx.insert(productFiles).values(mediaIds.map((mediaId, position) => ({ productId, mediaId, position })));
  }

  return {
    async list(ownerId: string): Promise<ProductView[]> {
      const site = await siteOf(ownerId);
      const rows = await db.select().from(products).where(eq(products.siteId, site.id)).orderBy(desc(products.createdAt));
      return views(site, rows);
    },

    async create(ownerId: string, input: CreateProductInput): Promise<ProductView> {
      const site = await siteOf(ownerId);
      await checkInput(site, input, input.currency);
      const row = await slugSafe(() =>
        db.transaction(async (tx) => {
          const [created] = await tx
            .insert(products)
            .values({ siteId: site.id, title: input.title, slug: input.slug, description: input.description, price: input.price, currency: input.currency, coverMediaId: input.coverMediaId })
            .returning();
          await writeFiles(tx, created!.id, input.mediaIds);
          return created!;
        }),
      );
      await siteChanged(site.id);
      return (await views(site, [row]))[0]!;
    },

    async update(ownerId: string, id: string, patch: UpdateProductInput): Promise<ProductView> {
      const site = await siteOf(ownerId);
      const existing = await ownProduct(site, id);
      await checkInput(site, patch, patch.currency ?? existing.currency, existing.id);
      const { mediaIds, ...fields } = patch;
      const row = await slugSafe(() =>
        db.transaction(async (tx) => {
          const [updated] = await tx
            .update(products)
            .set({ ...fields, updatedAt: clock() })
            .where(eq(products.id, existing.id))
            .returning();
          if (mediaIds) await writeFiles(tx, existing.id, mediaIds);
          return updated!;
        }),
      );
      await siteChanged(site.id);
      return (await views(site, [row]))[0]!;
    },

    /**
     * Archived when anyone ever bought it (its buyers keep their files) or a Checkout for it is still open (its buyer
     * may yet pay, and is then given it), deleted otherwise.
     */
    async remove(ownerId: string, id: string): Promise<{ deleted: boolean; product?: ProductView }> {
      const site = await siteOf(ownerId);
      const existing = await ownProduct(site, id);
      const answer = await db.transaction(async (tx) => {
        const [sold] = await tx.select({ saleId: productPurchases.saleId }).from(productPurchases).where(eq(productPurchases.productId, existing.id)).limit(1);
        const [open] = await tx
          .select({ id: sales.id })
          .from(sales)
          .where(and(eq(sales.productId, existing.id), eq(sales.status, 'open')))
          .limit(1);
        if (!sold && !open) {
          await tx.delete(products).where(eq(products.id, existing.id));
          return { deleted: true as const };
        }
        const [archived] = await tx.update(products).set({ status: 'archived', updatedAt: clock() }).where(eq(products.id, existing.id)).returning();
        return { deleted: false as const, row: archived! };
      });
      await siteChanged(site.id);
      return answer.deleted ? { deleted: true } : { deleted: false, product: (await views(site, [answer.row]))[0]! };
    },

    async sales(ownerId: string, id: string): Promise<ProductSaleView[]> {
      const site = await siteOf(ownerId);
      const product = await ownProduct(site, id);
      const rows = await db
        .select({ id: sales.id, status: sales.status, amount: sales.amount, currency: sales.currency, buyerEmail: sales.buyerEmail, paidAt: sales.paidAt, refundedAt: sales.refundedAt })
        .from(productPurchases)
        .innerJoin(sales, eq(sales.id, productPurchases.saleId))
        .where(and(eq(productPurchases.productId, product.id), eq(sales.siteId, site.id)))
        .orderBy(desc(sales.paidAt));
      return rows.map((row) => ({ ...row, paidAt: row.paidAt?.toISOString() ?? null, refundedAt: row.refundedAt?.toISOString() ?? null }));
    },
  };
}

export type ProductsService = ReturnType<typeof createProductsService>;
