/**
 * What a paid product sale does, in the webhook's transaction (server/sales/ calls it once a sale): the buyer's
 * account is found or made by the address Checkout took (an account made here has no password: the site's mailed
 * link signs it in, as a one-field join's does), the purchase is written with the product's files of that moment,
 * and the receipt is queued. The download token is made when the receipt is sent (product-receipt-mail.ts), so the
 * outbox never holds it. A refund ends the purchase, its token and its file links.
 */
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { productFiles, productPurchases, products } from '../../db/earn-schema.ts';
import { users } from '../../db/schema.ts';
import { buildNewUser } from '../auth/index.ts';
import type { Clock } from '../clock.ts';
import type { Logger } from '../logger.ts';
import { enqueueMail } from '../mail/index.ts';
import type { SaleFulfiller } from '../sales/index.ts';

/** The account the address names, made (a member, no password, nothing proven) when there is none. */
async function accountFor(tx: Database, email: string, now: Date): Promise<string | undefined> {
  const address = email.trim().toLowerCase();
  await tx
    .insert(users)
    .values(buildNewUser({ email: address, fullName: '', niche: '', passwordHash: null, emailVerified: false, now, role: 'member' }))
    .onConflictDoNothing({ target: users.email });
  const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.email, address));
  return user?.id;
}

export function createProductFulfiller({ clock, logger }: { clock: Clock; logger: Logger }): SaleFulfiller {
  return {
    async paid(tx, sale, session) {
      const productId = session.metadata?.productId;
      if (!productId) return;
      const now = clock();
      const email = sale.buyerEmail ?? session.customer_details?.email ?? undefined;
      // A signed-in buyer's own account; else the address Checkout took.
      const userId = sale.buyerUserId ?? (email ? await accountFor(tx, email, now) : undefined);
      const [product] = await tx
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.id, productId), eq(products.siteId, sale.siteId)));
      if (!userId || !product) {
        // Paid, yet nothing to give: the creator sees the sale in Earn and refunds it.
        logger.warn({ saleId: sale.id }, 'product sale paid with no product or buyer to give it to');
        return;
      }
      const files = await tx.select({ mediaId: productFiles.mediaId }).from(productFiles).where(eq(productFiles.productId, product.id)).orderBy(asc(productFiles.position));
      const [written] = await tx
        .insert(productPurchases)
        .values({ saleId: sale.id, productId: product.id, siteId: sale.siteId, userId, mediaIdsAtSale: files.map((file) => file.mediaId), ...(sale.refundedAt ? { revokedAt: now } : {}) })
        .onConflictDoNothing({ target: productPurchases.saleId })
        .returning({ userId: productPurchases.userId });
      const [buyer] = written ? await tx.select({ email: users.email }).from(users).where(eq(users.id, written.userId)) : [];
      if (!buyer || sale.refundedAt) return;
      await enqueueMail(tx, { recipient: buyer.email, template: 'product-receipt', userId: written!.userId, siteId: sale.siteId, saleId: sale.id }, now);
    },

    async refunded(tx, sale) {
      await tx
        .update(productPurchases)
        // The token's hash stays, so its link answers "refunded" (410) rather than "not yours".
        .set({ revokedAt: clock() })
        .where(and(eq(productPurchases.saleId, sale.id), isNull(productPurchases.revokedAt)));
    },
  };
}
