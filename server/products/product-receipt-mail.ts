/**
 * The receipt of a product (the registry's `product-receipt`): in the site's name and frame, with the buyer's own
 * link to the files. The token is made when the mail is sent, in the worker's hold, and only its SHA-256 is kept
 * (docs/decisions/020: the outbox row never holds it); a retry makes a new one and the earlier stops working. A
 * purchase refunded before its receipt went out gets none.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { productPurchases, products } from '../../db/earn-schema.ts';
import { generateSecretToken, hashToken } from '../auth/index.ts';
import { siteActionMail, siteSender, type MailTemplates } from '../mail/index.ts';
import { loadMailBrand } from '../sites/index.ts';

export function productReceiptMailTemplate({ db, mailFrom }: { db: Database; mailFrom: string }): Pick<MailTemplates, 'product-receipt'> {
  return {
    'product-receipt': {
      to: 'user',
      async render({ row, ownLinks, whileHeld }) {
        const { siteId, saleId } = row.params;
        if (!siteId || !saleId) return undefined;
        const brand = await loadMailBrand(db, ownLinks, siteId);
        if (!brand) return undefined;
        const issued = await whileHeld(async (tx) => {
          const token = generateSecretToken();
          const [purchase] = await tx
            .update(productPurchases)
            .set({ downloadTokenHash: hashToken(token) })
            .where(and(eq(productPurchases.saleId, saleId), eq(productPurchases.userId, row.params.userId), isNull(productPurchases.revokedAt)))
            .returning({ productId: productPurchases.productId });
          if (!purchase) return undefined;
          const [product] = await tx.select({ title: products.title }).from(products).where(eq(products.id, purchase.productId));
          return { token, title: product?.title ?? '' };
        });
        if (!issued) return undefined;
        const mail = siteActionMail(`Your download: ${issued.title}`, brand, {
          greetingName: undefined,
          intro: `Thank you for buying ${issued.title} from ${brand.title}. Your files are ready.`,
          actionLabel: 'Download your files',
          actionUrl: `${brand.url.replace(/\/$/, '')}/downloads?token=${encodeURIComponent(issued.token)}`,
          outro: `This link is yours: keep it to download again later, or sign in to ${brand.title} with this address and find it on your account page.`,
        });
        return { ...mail, from: siteSender(brand, mailFrom) };
      },
    },
  };
}
