/**
 * A product as the public site shows and sells it: an active product of a published site, by its slug, and its
 * Checkout (one-time, on the creator's own account, no application fee: server/sales/). An archived product is
 * gone from the site, though its buyers keep their files.
 */
import { and, eq } from 'drizzle-orm';
import type { ProductFileView } from '../../common/api/products.ts';
import { looksLikeHandle } from '../../common/handles.ts';
import type { Database } from '../../db/connect.ts';
import { products } from '../../db/earn-schema.ts';
import { AppError } from '../errors.ts';
import { readinessOnceKnown, type PaymentsReady } from '../payments/index.ts';
import type { RateLimiter } from '../rate-limits/index.ts';
import type { StartPaymentCheckout } from '../sales/index.ts';
import { isSiteSuspended } from '../site-standing/index.ts';
import { findSiteByHandle } from '../sites/index.ts';
import { filesOfProducts } from './products-service.ts';

export interface PublicProduct {
  id: string;
  title: string;
  slug: string;
  description: string;
  price: number;
  currency: string;
  coverMediaId: string | null;
  files: ProductFileView[];
}

export interface ProductStoreDeps {
  db: Database;
  startPaymentCheckout: StartPaymentCheckout;
  /** Read as soon as the site is known, beside the other checks (docs/decisions/171). */
  paymentsReady: PaymentsReady;
  rateLimiter: Pick<RateLimiter, 'consumePublicCheckout'>;
}

export function createProductStore({ db, startPaymentCheckout, paymentsReady, rateLimiter }: ProductStoreDeps) {
  async function bySlug(siteId: string, slug: string): Promise<PublicProduct | undefined> {
    if (!/^[a-z0-9-]{1,200}$/.test(slug)) return undefined;
    const [row] = await db
      .select()
      .from(products)
      .where(and(eq(products.siteId, siteId), eq(products.slug, slug), eq(products.status, 'active')));
    if (!row) return undefined;
    const files = (await filesOfProducts(db, [row.id])).get(row.id) ?? [];
    return { id: row.id, title: row.title, slug: row.slug, description: row.description, price: row.price, currency: row.currency, coverMediaId: row.coverMediaId, files };
  }

  return {
    bySlug,

    /**
     * The Checkout URL of one product for a signed-in buyer (`userId`) or an address typed on the page; limited per
     * client address (`ip`), so a script cannot fill the creator's Stripe account with sessions.
     */
    async checkout(handle: string, slug: string, buyer: { userId?: string | undefined; email?: string | undefined }, ip: string): Promise<{ url: string }> {
      // Once the site is known its standing, the product and the payments' readiness are read side by side, beside the
      // rate limit's write, which counts a refused attempt too (as a tip's); the refusals are then told in order.
      const found = (looksLikeHandle(handle.toLowerCase()) ? findSiteByHandle(db, handle) : Promise.resolve(undefined)).then((site) => (site?.publishedAt ? site : undefined));
      const readiness = readinessOnceKnown(found, paymentsReady);
      const [site, suspended, product, overLimit] = await Promise.all([
        found,
        found.then((site) => (site ? isSiteSuspended(db, site.id) : false)),
        found.then((site) => (site ? bySlug(site.id, slug) : undefined)),
        rateLimiter.consumePublicCheckout(ip).then(
          () => undefined,
          (error: Error) => error,
        ),
      ]);
      if (!site) throw new AppError('not-found', 404);
      if (suspended) throw new AppError('site-suspended', 410);
      // A product none of whose files is left cannot be sold.
      if (!product || product.files.length === 0) throw new AppError('not-found', 404);
      if (buyer.userId && buyer.userId === site.ownerId) throw new AppError('cannot-join-own-site', 409);
      if (overLimit) throw overLimit;
      const { url } = await startPaymentCheckout({
        site,
        kind: 'product',
        amount: product.price,
        currency: product.currency,
        itemName: product.title,
        buyer: buyer.userId ? { userId: buyer.userId } : { email: buyer.email },
        metadata: { productId: product.id },
        productId: product.id,
        successPath: `/products/${product.slug}?bought=1`,
        cancelPath: `/products/${product.slug}`,
        readiness,
      });
      return { url };
    },
  };
}

export type ProductStore = ReturnType<typeof createProductStore>;
